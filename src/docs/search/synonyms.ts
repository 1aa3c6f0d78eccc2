// Words readers use for what technical docs name otherwise (`stop` for `shutdown`, `Passwort` for `Geheimnis`).
import type { Locale } from '../../lib/locale.ts'
import { wordForms } from './terms.ts'

/**
 * Groups of general words of running and using a web service, not of one page. A query word also finds the others of
 * its groups, at a lower weight than itself; the groups are stemmed like the index, so a synonym the docs never use
 * costs nothing. German participles stand beside their verbs, since the stemmer leaves the `ge-` forms apart
 * (`gestoppt`). Words whose stem another word shares (`terminate` and `terminal`, `ändern` and `andere`) or with a
 * second sense (`right`) are left out.
 */
const GROUPS: Record<Locale, string[]> = {
  en: [
    'stop shutdown halt quit',
    'start startup launch boot',
    'restart reboot',
    'permission scope role privilege',
    'allowed permitted access permission',
    'password secret credential',
    'image picture badge icon',
    'downtime outage',
    'planned scheduled',
    'announce publish',
    'twice duplicate repeated',
    'retry retried again',
    'verify check validate',
    'copy replica instance',
    'receiver recipient',
    'message notification alert',
    'error failure fault problem',
    'request call',
    'address ip',
    'log logging',
    'setting configuration option config',
    'slow latency delay',
    'unavailable unreachable offline down',
    'remove delete clear',
    'change modify edit update',
    'watch monitor observe',
    'job worker task',
    'subscribe follow',
    'certificate cert tls',
    'localhost loopback'
  ],
  de: [
    'stoppen gestoppt beenden beendet herunterfahren heruntergefahren anhalten abschalten abgeschaltet',
    'starten gestartet hochfahren start',
    'neustart neustarten',
    'recht berechtigung scope rolle zugriff',
    'erlaubt berechtigt zugriff',
    'passwort kennwort geheimnis zugangsdaten',
    'bild grafik badge symbol',
    'ausfall ausfallzeit störung',
    'geplant planen angekündigt',
    'ankündigen veröffentlichen',
    'zweimal doppelt wiederholt',
    'wiederholung erneut wiederholen',
    'prüfen geprüft überprüfen verifizieren kontrollieren',
    'kopie replikat instanz',
    'empfänger ziel',
    'nachricht meldung benachrichtigung',
    'fehler störung problem',
    'anfrage request aufruf',
    'adresse ip',
    'protokoll log',
    'einstellung konfiguration option',
    'langsam latenz verzögerung',
    'erreichbar verfügbar',
    'entfernen entfernt löschen gelöscht',
    'geändert bearbeiten aktualisieren aktualisiert',
    'überwachen beobachten',
    'auftrag job worker',
    'abonnieren folgen',
    'zertifikat tls',
    'localhost loopback'
  ]
}

/** Per language: a word's stem → the stems of the other words of its groups. */
const BY_STEM: Record<Locale, Map<string, string[]>> = { en: related('en'), de: related('de') }

function related (locale: Locale): Map<string, string[]> {
  const map = new Map<string, Set<string>>()
  for (const group of GROUPS[locale]) {
    const stems = group.split(' ').map((word) => wordForms(locale, word, false).stem)
    for (const stem of stems) {
      const others = map.get(stem) ?? new Set()
      for (const other of stems) if (other !== stem) others.add(other)
      map.set(stem, others)
    }
  }
  return new Map([...map].map(([stem, others]) => [stem, [...others]]))
}

/** The stems a query word's stem also finds (none for most words). */
export function synonymsOf (locale: Locale, stem: string): readonly string[] {
  return BY_STEM[locale].get(stem) ?? []
}

// The refusals of the operations (src/incidents/rules.ts, writes.ts, time-input.ts, src/store/write-errors.ts) in
// German, for Discord users whose client speaks German. English users get the CLI's words unchanged; a refusal this
// table does not know stays English rather than being guessed at.
/** The Discord options' German names (./commands.ts): refusals name the option the user filled in. */
const OPTION_DE: Record<string, string> = {
  title: 'titel', message: 'nachricht', 'the message': 'die Nachricht', 'the status': 'der Status', impact: 'auswirkung', status: 'status', components: 'komponenten', component: 'komponente',
  from: 'von', to: 'bis', '--from': 'von', '--to': 'bis', incident: 'vorfall', window: 'fenster', template: 'vorlage'
}

const TIME_HELP_DE = 'eine ISO-8601-Zeit mit Zeitzone (2026-11-21T22:00Z, 2026-11-21T23:00+01:00), now oder einen Abstand von jetzt (+2h, +1d12h, -30m; Einheiten m, h, d, w)'

const WRITE_CAUSES_DE: Record<string, string> = {
  'the database is busy: another process holds its write lock': 'die Datenbank ist belegt: ein anderer Prozess hält ihre Schreibsperre',
  'disk full': 'der Datenträger ist voll',
  'the database is read-only': 'die Datenbank ist schreibgeschützt',
  'the database file is damaged': 'die Datenbankdatei ist beschädigt',
  'the database refused the write': 'die Datenbank hat das Schreiben abgelehnt'
}

const option = (label: string) => OPTION_DE[label] ?? label

const RULES: Array<[RegExp, (...parts: string[]) => string]> = [
  [/^((?:the )?\S+) is required \(one of (.+)\)$/, (label, allowed) => `${option(label)} fehlt (eins von ${allowed})`],
  [/^((?:the )?\S+) is required: /, (label) => `${option(label)} fehlt: ${TIME_HELP_DE}`],
  [/^((?:the )?\S+) is required$/, (label) => `${option(label)} fehlt`],
  [/^((?:the )?\S+) must not be empty$/, (label) => `${option(label)} darf nicht leer sein`],
  [/^((?:the )?\S+) is not valid Unicode text$/, (label) => `${option(label)} ist kein gültiger Unicode-Text`],
  [/^((?:the )?\S+) is (\d+) characters long; at most (\d+) are allowed$/, (label, length, max) => `${option(label)} ist ${length} Zeichen lang; erlaubt sind höchstens ${max}`],
  [/^((?:the )?\S+) must be a single line without control characters$/, (label) => `${option(label)} muss eine einzelne Zeile ohne Steuerzeichen sein`],
  [/^((?:the )?\S+) must be text without control characters \(line breaks and tabs are fine\)$/,
    (label) => `${option(label)} muss Text ohne Steuerzeichen sein (Zeilenumbrüche und Tabulatoren sind erlaubt)`],
  [/^((?:the )?\S+) must be one of (.+) \(got "(.*)"\)$/s, (label, allowed, got) => `${option(label)} muss eins von ${allowed} sein (erhalten: "${got}")`],
  [/^the (incident|maintenance) id is missing$/, (what) => `Die Nummer ${what === 'incident' ? 'des Vorfalls' : 'des Wartungsfensters'} fehlt`],
  [/^"(.*)" is not a valid (incident|maintenance) id \(a positive whole number\)$/s,
    (value, what) => `"${value}" ist keine gültige Nummer ${what === 'incident' ? 'eines Vorfalls' : 'eines Wartungsfensters'} (eine positive ganze Zahl)`],
  [/^(\S+) "(.*)": the status must be one of (.+) \(or none, to follow the impact\)$/s,
    (label, value, allowed) => `${option(label)} "${value}": Der Status muss eins von ${allowed} sein (oder keiner, dann folgt er der Auswirkung)`],
  [/^(\S+) "(.*)": a maintenance window's components take no status \(they are under_maintenance while it is active\)$/s,
    (label, value) => `${option(label)} "${value}": Die Komponenten eines Wartungsfensters haben keinen Status (sie sind under_maintenance, solange es läuft)`],
  [/^(\S+) "(.*)" names no component \(write ID or ID=STATUS\)$/s, (label, value) => `${option(label)} "${value}" nennt keine Komponente (schreibe ID oder ID=STATUS)`],
  [/^(\S+) "(.*)" is not a declared component \(declared: (.*)\)$/s,
    (label, value, declared) => `${option(label)} "${value}" ist keine angegebene Komponente (angegeben: ${declared === 'none' ? 'keine' : declared})`],
  [/^(\S+) "(.*)" is not a declared template \((?:templates: (.*)|none are declared in the status file)\)$/s,
    (label, value, declared) => `${option(label)} "${value}" ist keine Vorlage der Statusdatei (${declared === undefined ? 'sie gibt keine an' : `Vorlagen: ${declared}`})`],
  [/^(\S+) "(.*)" is given twice$/s, (label, value) => `${option(label)} "${value}" ist doppelt angegeben`],
  [/^there is no incident (\d+)$/, (id) => `Es gibt keinen Vorfall ${id}`],
  [/^incident (\d+) was resolved at (\S+); open a new incident instead$/, (id, at) => `Vorfall ${id} wurde am ${at} behoben; eröffne stattdessen einen neuen Vorfall`],
  [/^incident (\d+) was resolved meanwhile; nothing was written$/, (id) => `Vorfall ${id} wurde inzwischen behoben; es wurde nichts geschrieben`],
  [/^(\S+) \((\S+)\) must be after (\S+) \((\S+)\)$/, (to, toTime, from, fromTime) => `${option(to)} (${toTime}) muss nach ${option(from)} (${fromTime}) liegen`],
  [/^(\S+) \((\S+)\) is in the past; the window would never be shown$/, (to, time) => `${option(to)} (${time}) liegt in der Vergangenheit; das Fenster würde nie angezeigt`],
  // The manual components' refusals (src/operations/manual-components.ts).
  [/^"(.*)" is not a declared component \(manual ones: (.*)\)$/s,
    (id, manual) => `"${id}" ist keine angegebene Komponente (manuelle: ${manual === 'none' ? 'keine' : manual})`],
  [/^"(.*)" is measured by its (\S+) check; only components declared with check: \{ manual: true \} are set by hand \(manual ones: (.*)\)$/s,
    (id, kind, manual) => `"${id}" wird von ihrer ${kind}-Prüfung gemessen; von Hand gesetzt werden nur Komponenten mit check: { manual: true } (manuelle: ${manual === 'none' ? 'keine' : manual})`],
  [/^there is no maintenance (\d+)$/, (id) => `Es gibt kein Wartungsfenster ${id}`],
  [/^maintenance (\d+) is already (ended|cancelled)$/, (id, state) => `Wartungsfenster ${id} ist bereits ${state === 'ended' ? 'beendet' : 'abgesagt'}`],
  [/^maintenance (\d+) ended meanwhile; nothing was written$/, (id) => `Wartungsfenster ${id} wurde inzwischen beendet; es wurde nichts geschrieben`],
  [/^(\S+) "(.*)" has no time zone; add Z for UTC or an offset such as \+01:00$/s,
    (label, value) => `${option(label)} "${value}" hat keine Zeitzone; ergänze Z für UTC oder einen Versatz wie +01:00`],
  [/^(\S+) "(.*)" is not a time; use /s, (label, value) => `${option(label)} "${value}" ist keine Zeitangabe; verwende ${TIME_HELP_DE}`],
  [/^status resolved makes no sense for a new incident$/, () => 'status behoben ergibt für einen neuen Vorfall keinen Sinn'],
  [/^nothing was written: (.+)$/, (cause) => `Es wurde nichts geschrieben: ${WRITE_CAUSES_DE[cause] ?? cause}`]
]

/** `refusal` (one of the operations' English lines) in German; unchanged when it is not one this table knows. */
export function refusalInGerman (refusal: string): string {
  for (const [pattern, german] of RULES) {
    const match = pattern.exec(refusal)
    if (match !== null) return german(...match.slice(1))
  }
  return refusal
}

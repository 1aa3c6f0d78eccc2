// What the commands answer, in English and German (the interaction's locale). Refusals of the operations themselves
// are the CLI's words (./refusals-de.ts translates them); these are the commands' own sentences.
import type { Locale } from '../lib/locale.ts'

const when = (ms: number) => `<t:${Math.floor(ms / 1000)}:f>`

export const WORDS = {
  en: {
    notInGuild: 'These commands work only in the operator server. Nothing was changed.',
    notOperator: 'Only members of the operator server with an operator role, or with Administrator, may change the status. Nothing was changed.',
    unknownCommand: 'This command is not known here; run `status-api discord register` to bring the server\'s commands up to date.',
    noManualComponents: 'The status file declares no manual components. Nothing was changed.',
    formTooLong: 'The form cannot carry this many components. Give title and message as options instead. Nothing was changed.',
    failed: 'Something went wrong on our side; it has been logged. Check the status page before trying again.',
    opened: (id: number, impact: string, status: string) => `Incident ${id} opened (${impact}, ${status}).`,
    updated: (id: number, status: string) => `Incident ${id} updated (${status}).`,
    resolved: (id: number) => `Incident ${id} resolved.`,
    scheduled: (id: number, from: number, to: number) => `Maintenance ${id} scheduled from ${when(from)} to ${when(to)}.`,
    ended: (id: number) => `Maintenance ${id} ended.`,
    cancelled: (id: number) => `Maintenance ${id} cancelled (it had not started).`,
    componentSet: (id: string, status: string) => `Component ${id} set to ${status}.`,
    componentCleared: (id: string) => `Component ${id} cleared: what its checks and incidents say applies again.`,
    page: 'Status page',
    openTitle: 'Open an incident',
    updateTitle: (id: number) => `Update incident ${id}`,
    titleLabel: 'Title',
    messageLabel: 'Message',
    notOperational: 'Not operational',
    openIncidents: 'Open incidents',
    noOpenIncidents: 'No open incidents.',
    allOperational: 'Every component is operational.'
  },
  de: {
    notInGuild: 'Diese Befehle funktionieren nur im Betreiber-Server. Es wurde nichts geändert.',
    notOperator: 'Nur Mitglieder des Betreiber-Servers mit einer Betreiber-Rolle oder mit Administrator-Recht dürfen den Status ändern. Es wurde nichts geändert.',
    unknownCommand: 'Dieser Befehl ist hier nicht bekannt; `status-api discord register` bringt die Befehle des Servers auf den neuesten Stand.',
    noManualComponents: 'Die Statusdatei deklariert keine manuellen Komponenten. Es wurde nichts geändert.',
    formTooLong: 'Das Formular kann nicht so viele Komponenten tragen. Gib Titel und Nachricht stattdessen als Optionen an. Es wurde nichts geändert.',
    failed: 'Bei uns ist etwas schiefgegangen; es wurde protokolliert. Sieh auf der Statusseite nach, bevor du es noch einmal versuchst.',
    opened: (id: number, impact: string, status: string) => `Vorfall ${id} eröffnet (${impact}, ${status}).`,
    updated: (id: number, status: string) => `Vorfall ${id} aktualisiert (${status}).`,
    resolved: (id: number) => `Vorfall ${id} behoben.`,
    scheduled: (id: number, from: number, to: number) => `Wartung ${id} geplant von ${when(from)} bis ${when(to)}.`,
    ended: (id: number) => `Wartung ${id} beendet.`,
    cancelled: (id: number) => `Wartung ${id} abgesagt (sie hatte nicht begonnen).`,
    componentSet: (id: string, status: string) => `Komponente ${id} auf ${status} gesetzt.`,
    componentCleared: (id: string) => `Komponente ${id} zurückgesetzt: Es gilt wieder, was ihre Prüfungen und Vorfälle sagen.`,
    page: 'Statusseite',
    openTitle: 'Vorfall eröffnen',
    updateTitle: (id: number) => `Vorfall ${id} aktualisieren`,
    titleLabel: 'Titel',
    messageLabel: 'Nachricht',
    notOperational: 'Nicht betriebsbereit',
    openIncidents: 'Offene Vorfälle',
    noOpenIncidents: 'Keine offenen Vorfälle.',
    allOperational: 'Alle Komponenten sind betriebsbereit.'
  }
} satisfies Record<Locale, unknown>

export type Words = typeof WORDS.en

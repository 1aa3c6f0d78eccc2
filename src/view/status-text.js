// The status page's words in English and German; shared by the server renderer and the refresh script.
import { plural } from './status-plural.js'

/**
 * The one headline vocabulary per language: the words for the model's page indicator (docs/en/architecture.md#status-model). The page, the home
 * page, /status.md and Discord's /status say these; Discord's own indicator borrows them (`platformIndicator` below,
 * without `maintenance`: for that one Discord's own description shows).
 */
const HEADLINE = {
  en: {
    none: 'All systems operational',
    minor: 'Minor service disruption',
    major: 'Partial outage',
    critical: 'Major outage',
    maintenance: 'Maintenance in progress'
  },
  de: {
    none: 'Alle Systeme betriebsbereit',
    minor: 'Kleinere Störung',
    major: 'Teilausfall',
    critical: 'Schwerer Ausfall',
    maintenance: 'Wartung läuft'
  }
}

/** The words for a component's or group's status in the model: Statuspage's five values and unknown. */
const COMPONENT_STATUS = {
  en: {
    operational: 'Operational',
    degraded_performance: 'Degraded performance',
    partial_outage: 'Partial outage',
    major_outage: 'Major outage',
    under_maintenance: 'Under maintenance',
    unknown: 'Unknown'
  },
  de: {
    operational: 'Betriebsbereit',
    degraded_performance: 'Eingeschränkte Leistung',
    partial_outage: 'Teilausfall',
    major_outage: 'Schwerer Ausfall',
    under_maintenance: 'In Wartung',
    unknown: 'Unbekannt'
  }
}

/** The same words without one key. */
function without (words, key) {
  return Object.fromEntries(Object.entries(words).filter(([name]) => name !== key))
}

export const TEXT = {
  en: {
    dateLocale: 'en-GB',
    lang: 'en',
    /** The headline: the model's page indicator (docs/en/architecture.md#status-model). */
    overall: HEADLINE.en,
    /** The headline while some components have not reported (docs/en/status-page.md#headline): nothing unknown is said to work. */
    overallPartly: (n) => `All reporting systems operational; ${n} ${plural(n, 'component has', 'components have')} not reported yet`,
    overallNoneReported: 'No component has reported yet',
    overallPartlyDetail: 'The components that have reported are running normally; the status of the others is not known yet.',
    overallNoneReportedDetail: 'Nothing has been measured yet, so the status is not known.',
    notReported: (n) => `${n} ${plural(n, 'component has', 'components have')} not reported yet.`,
    overallDetail: {
      none: 'Everything is running normally.',
      minor: 'Some parts are slower or less reliable than usual. We are on it.',
      major: 'Some parts are not working. We are on it.',
      critical: 'Large parts are not working. We are on it.',
      maintenance: 'Planned work is under way; some parts may be briefly unavailable.'
    },
    status: { ok: 'Operational', degraded: 'Degraded', down: 'Down', unknown: 'Not monitored', no_data: 'No data' },
    /** A component's or group's status in the model: Statuspage's five values and unknown. */
    componentStatus: COMPONENT_STATUS.en,
    pageTitle: (name) => name === undefined ? 'System status' : `${name} status`,
    affected: 'Affected',
    incidentNumber: (id) => `Incident ${id}`,
    moreIncidents: (n) => n === 1 ? '1 more incident' : `${n} more incidents`,
    maintenanceNumber: (id) => `Maintenance ${id}`,
    componentIncidents: 'Open incidents',
    componentMaintenance: 'Maintenance',
    componentsNone: 'No components are declared.',
    updatedAt: 'Updated',
    componentsHeading: 'Components',
    latency: 'Response time',
    shards: (connected, total) => `${connected} of ${total} shards connected`,
    shardsHeading: 'Shards',
    shardsNone: 'No bot shard has reported yet.',
    shardWord: 'Shard',
    shardState: { ready: 'Ready', connecting: 'Connecting', reconnecting: 'Reconnecting', resuming: 'Resuming', disconnected: 'Disconnected', silent: 'Silent', missing: 'Never reported' },
    clusterLabel: (id) => `Cluster ${id}`,
    clusterConnected: 'connected',
    shardRange: 'Shards',
    shardGroupsClusters: 'By cluster',
    shardGroupsRanges: 'By range of shards',
    shardsGrouped: (total) => `${total} shards are shown by group: each cell is a cluster or a range of shards, in the state of its worst shard.`,
    shardsEvery: 'Every shard (JSON)',
    shardsTrouble: 'Shards not connected',
    shardsMoreTrouble: (n) => `and ${n} more (every shard is in the JSON).`,
    shardHint: 'Point at a shard, or focus it and use the arrow keys, for its latency and last heartbeat (UTC).',
    finderHeading: 'Is my server affected?',
    finderLabel: 'Server ID or message link',
    finderHint: 'Paste your server ID, or any message link from it (https://discord.com/channels/…).',
    finderButton: 'Find',
    finderInvalid: 'That is neither a server ID (17–20 digits) nor a message link from a server.',
    finderUnavailable: 'No shard has reported yet, so the answer is not known right now.',
    finderAnswer: (guild, shard, cluster, state, connected) => `Server ${guild} is on shard ${shard} in cluster ${cluster}: ${state}${connected ? '. It is connected.' : '. It is not connected right now.'}`,
    checkedAt: 'Checked',
    maintenanceHeading: 'Maintenance',
    maintenanceNow: 'Maintenance in progress',
    maintenanceWindow: (from, to) => `From ${from} until ${to}`,
    upcomingHeading: 'Upcoming maintenance',
    platformHeading: 'Discord',
    platformIndicator: without(HEADLINE.en, 'maintenance'),
    platformStatus: without(COMPONENT_STATUS.en, 'unknown'),
    platformFetched: (fetched, updated) => `Fetched ${fetched}; Discord last updated its status page ${updated}.`,
    platformStale: (fetched) => `Discord's status page could not be reached just now: this is the last known status, fetched ${fetched}.`,
    platformUnavailable: 'The status of Discord is not available right now.',
    platformComponents: 'Discord components',
    platformIncidents: 'Open incidents at Discord',
    platformLink: 'Discord status page',
    uptimeHeading: 'Uptime, last 90 days',
    uptimeHeadingNarrow: 'Uptime, last 30 days',
    uptimeOverall: 'Overall',
    uptimeSummary: (percent) => `${percent} uptime`,
    uptimeDay: (date, percent) => percent === null ? `${date}: no data` : `${date}: ${percent} uptime`,
    uptimeRange: (from, to) => `${from} to ${to}`,
    uptimeNoComponentDays: 'No figures for this component yet.',
    uptimeTable: 'Daily figures',
    minutesDown: (minutes) => minutes < 120 ? `${minutes} min down` : `${Math.floor(minutes / 60)} h ${minutes % 60} min down`,
    dayHint: 'Point at a day, or tap or focus it and use the arrow keys, for its figures. A day with an incident links to it.',
    /** Beside the bars (docs/en/status-definitions.md#uptime): they are measured, a status also counts incidents. */
    barsMeasured: 'These bars and the last 24 hours show what the checks measured. A component\'s status also counts open incidents and maintenance, so it can differ from its bars.',
    uptimeTableCaption: 'Uptime per day, newest first',
    uptimeTableHead: ['Date', 'Uptime', 'Checks recorded', 'Degraded', 'Down'],
    uptimeTableLatencyHead: ['Response time (median)', 'Response time (95th percentile)'],
    componentPageKicker: 'Component',
    componentGroup: 'Group',
    componentNow: 'Status now',
    componentAffectedBy: 'What affects it now',
    componentNothingAffects: 'No open incident or maintenance names this component.',
    componentPageDescription: (name, product) => `${name}: its status now, the last 24 hours and its uptime over 90 days${product === undefined ? '' : ` (${product})`}.`,
    componentLink: (name) => `${name}: status, response times and uptime`,
    latencyHeading: 'Response time, last 24 hours',
    latencySummary: (median, highest, count) => `Median ${median}, highest ${highest}, over ${count} measured ${plural(count, 'minute', 'minutes')}.`,
    latencyNone: 'No response time was measured in the last 24 hours.',
    sparklineAlt: (latest) => `Response time over the last 24 hours, latest ${latest} (figures on the component's page)`,
    sparklineNotEnough: 'Not enough data yet',
    latencyNotEnough: (summary) => `Not enough data yet for a chart. ${summary}`,
    latencyDaysHeading: 'Response time, last 90 days',
    latencyDaysSummary: (median, highest, days) => `Daily median around ${median}; the highest daily 95th percentile ${highest}; over ${days} ${plural(days, 'day', 'days')} with measurements.`,
    latencyDaysNone: 'No response time was measured in the last 90 days.',
    latencyLegendP50: '━ median (p50)',
    latencyLegendP95: '┅ 95th percentile (p95)',
    lastDayHeading: 'Last 24 hours',
    lastDayHeadingNarrow: 'Last 12 hours',
    lastDaySlot: (from, to, label) => `${from}–${to}: ${label}`,
    lastDaySummary: (recorded, expected, down) => `${recorded} of ${expected} ${plural(expected, 'minute', 'minutes')} recorded, ${down} ${plural(down, 'minute', 'minutes')} down.`,
    legend: 'Legend',
    incidentsHeading: 'Incidents',
    activeIncidents: 'Active incidents',
    pastIncidents: 'Past incidents (90 days)',
    noActiveIncidents: 'No active incidents.',
    noPastIncidents: 'No incidents in the last 90 days.',
    olderIncidents: 'Older incidents',
    moreOpenIncidents: (n) => n === 1 ? '1 more open incident on the history page' : `${n} more open incidents on the history page`,
    impact: { none: 'No impact', minor: 'Minor impact', major: 'Major impact', critical: 'Critical impact' },
    incidentStatus: { investigating: 'Investigating', identified: 'Identified', monitoring: 'Monitoring', resolved: 'Resolved' },
    incidentTimes: (started, resolved) => resolved === null ? `Started ${started}` : `${started} – resolved ${resolved}`,
    updatesLabel: 'Updates',
    incidentLink: 'Details and all updates',
    earlierUpdates: (n) => n === 1 ? '1 earlier update on the incident\'s page' : `${n} earlier updates on the incident's page`,
    incidentPageTitle: 'Incident',
    maintenancePageTitle: 'Maintenance',
    backToStatus: 'Back to the system status',
    maintenanceState: { scheduled: 'Scheduled', active: 'In progress', ended: 'Completed', cancelled: 'Cancelled' },
    maintenanceEvents: { scheduled: 'Scheduled', started: 'Started', ended: 'Completed', cancelled: 'Cancelled' },
    sectionUnavailable: 'This information is not available right now; the page will try again.',
    lastUpdated: 'Last updated',
    refreshFailed: 'Could not refresh just now; showing the last known status.',
    staleSince: (when) => `Last confirmed ${when} — this page could not be refreshed since.`,
    refreshNote: (seconds) => `This page refreshes itself every ${plural(seconds, 'second', `${seconds} seconds`)} while it is open.`,
    now: 'Now',
    utc: 'UTC'
  },
  de: {
    dateLocale: 'de-DE',
    lang: 'de',
    overall: HEADLINE.de,
    overallPartly: (n) => `Alle meldenden Systeme betriebsbereit; ${n} ${plural(n, 'Komponente hat', 'Komponenten haben')} sich noch nicht gemeldet`,
    overallNoneReported: 'Noch hat sich keine Komponente gemeldet',
    overallPartlyDetail: 'Die Komponenten, die sich gemeldet haben, laufen normal; der Status der übrigen ist noch nicht bekannt.',
    overallNoneReportedDetail: 'Noch wurde nichts gemessen, daher ist der Status nicht bekannt.',
    notReported: (n) => `${n} ${plural(n, 'Komponente hat', 'Komponenten haben')} sich noch nicht gemeldet.`,
    overallDetail: {
      none: 'Alles läuft normal.',
      minor: 'Einige Teile sind langsamer oder weniger zuverlässig als sonst. Wir kümmern uns darum.',
      major: 'Einige Teile funktionieren nicht. Wir kümmern uns darum.',
      critical: 'Große Teile funktionieren nicht. Wir kümmern uns darum.',
      maintenance: 'Geplante Arbeiten laufen; einzelne Teile können kurz nicht verfügbar sein.'
    },
    status: { ok: 'Betriebsbereit', degraded: 'Eingeschränkt', down: 'Ausgefallen', unknown: 'Nicht überwacht', no_data: 'Keine Daten' },
    componentStatus: COMPONENT_STATUS.de,
    pageTitle: (name) => name === undefined ? 'Systemstatus' : `${name} Status`,
    affected: 'Betroffen',
    incidentNumber: (id) => `Vorfall ${id}`,
    moreIncidents: (n) => n === 1 ? '1 weiterer Vorfall' : `${n} weitere Vorfälle`,
    maintenanceNumber: (id) => `Wartung ${id}`,
    componentIncidents: 'Offene Vorfälle',
    componentMaintenance: 'Wartung',
    componentsNone: 'Es sind keine Komponenten angegeben.',
    updatedAt: 'Aktualisiert',
    componentsHeading: 'Komponenten',
    latency: 'Antwortzeit',
    shards: (connected, total) => `${connected} von ${total} Shards verbunden`,
    shardsHeading: 'Shards',
    shardsNone: 'Noch hat sich kein Shard des Bots gemeldet.',
    shardWord: 'Shard',
    shardState: { ready: 'Bereit', connecting: 'Verbindet', reconnecting: 'Verbindet neu', resuming: 'Setzt fort', disconnected: 'Getrennt', silent: 'Stumm', missing: 'Nie gemeldet' },
    clusterLabel: (id) => `Cluster ${id}`,
    clusterConnected: 'verbunden',
    shardRange: 'Shards',
    shardGroupsClusters: 'Nach Cluster',
    shardGroupsRanges: 'Nach Shard-Bereich',
    shardsGrouped: (total) => `${total} Shards werden nach Gruppe gezeigt: Jedes Feld ist ein Cluster oder ein Bereich von Shards, im Zustand seines schlechtesten Shards.`,
    shardsEvery: 'Alle Shards (JSON)',
    shardsTrouble: 'Nicht verbundene Shards',
    shardsMoreTrouble: (n) => `und ${n} weitere (alle Shards stehen im JSON).`,
    shardHint: 'Zeigen Sie auf einen Shard oder fokussieren Sie ihn und nutzen Sie die Pfeiltasten, um Latenz und letzten Heartbeat (UTC) zu sehen.',
    finderHeading: 'Ist mein Server betroffen?',
    finderLabel: 'Server-ID oder Nachrichtenlink',
    finderHint: 'Fügen Sie die ID Ihres Servers ein oder einen beliebigen Nachrichtenlink daraus (https://discord.com/channels/…).',
    finderButton: 'Suchen',
    finderInvalid: 'Das ist weder eine Server-ID (17–20 Ziffern) noch ein Nachrichtenlink aus einem Server.',
    finderUnavailable: 'Noch hat sich kein Shard gemeldet, daher ist die Antwort gerade nicht bekannt.',
    finderAnswer: (guild, shard, cluster, state, connected) => `Server ${guild} liegt auf Shard ${shard} in Cluster ${cluster}: ${state}${connected ? '. Er ist verbunden.' : '. Er ist gerade nicht verbunden.'}`,
    checkedAt: 'Geprüft',
    maintenanceHeading: 'Wartung',
    maintenanceNow: 'Wartung läuft',
    maintenanceWindow: (from, to) => `Von ${from} bis ${to}`,
    upcomingHeading: 'Geplante Wartungen',
    platformHeading: 'Discord',
    platformIndicator: without(HEADLINE.de, 'maintenance'),
    platformStatus: without(COMPONENT_STATUS.de, 'unknown'),
    platformFetched: (fetched, updated) => `Abgerufen ${fetched}; Discord hat seine Statusseite zuletzt ${updated} aktualisiert.`,
    platformStale: (fetched) => `Die Statusseite von Discord war gerade nicht erreichbar: Das ist der letzte bekannte Stand, abgerufen ${fetched}.`,
    platformUnavailable: 'Der Status von Discord ist gerade nicht verfügbar.',
    platformComponents: 'Discord-Komponenten',
    platformIncidents: 'Offene Vorfälle bei Discord',
    platformLink: 'Statusseite von Discord',
    uptimeHeading: 'Verfügbarkeit, letzte 90 Tage',
    uptimeHeadingNarrow: 'Verfügbarkeit, letzte 30 Tage',
    uptimeOverall: 'Gesamt',
    uptimeSummary: (percent) => `${percent} verfügbar`,
    uptimeDay: (date, percent) => percent === null ? `${date}: keine Daten` : `${date}: ${percent} verfügbar`,
    uptimeRange: (from, to) => `${from} bis ${to}`,
    uptimeNoComponentDays: 'Für diese Komponente gibt es noch keine Werte.',
    uptimeTable: 'Tageswerte',
    minutesDown: (minutes) => minutes < 120 ? `${minutes} Min. ausgefallen` : `${Math.floor(minutes / 60)} Std. ${minutes % 60} Min. ausgefallen`,
    dayHint: 'Zeigen Sie auf einen Tag oder tippen bzw. fokussieren Sie ihn und nutzen Sie die Pfeiltasten, um seine Werte zu sehen. Ein Tag mit einem Vorfall verlinkt ihn.',
    barsMeasured: 'Diese Balken und die letzten 24 Stunden zeigen, was die Prüfungen gemessen haben. Der Status einer Komponente berücksichtigt auch offene Vorfälle und Wartungen und kann daher von ihren Balken abweichen.',
    uptimeTableCaption: 'Verfügbarkeit je Tag, neueste zuerst',
    uptimeTableHead: ['Datum', 'Verfügbarkeit', 'Erfasste Prüfungen', 'Eingeschränkt', 'Ausgefallen'],
    uptimeTableLatencyHead: ['Antwortzeit (Median)', 'Antwortzeit (95. Perzentil)'],
    componentPageKicker: 'Komponente',
    componentGroup: 'Gruppe',
    componentNow: 'Aktueller Status',
    componentAffectedBy: 'Was sie gerade betrifft',
    componentNothingAffects: 'Kein offener Vorfall und keine Wartung nennt diese Komponente.',
    componentPageDescription: (name, product) => `${name}: aktueller Status, die letzten 24 Stunden und die Verfügbarkeit über 90 Tage${product === undefined ? '' : ` (${product})`}.`,
    componentLink: (name) => `${name}: Status, Antwortzeiten und Verfügbarkeit`,
    latencyHeading: 'Antwortzeit, letzte 24 Stunden',
    latencySummary: (median, highest, count) => `Median ${median}, höchstens ${highest}, über ${count} ${plural(count, 'gemessene Minute', 'gemessene Minuten')}.`,
    latencyNone: 'In den letzten 24 Stunden wurde keine Antwortzeit gemessen.',
    sparklineAlt: (latest) => `Antwortzeit der letzten 24 Stunden, zuletzt ${latest} (Zahlen auf der Seite der Komponente)`,
    sparklineNotEnough: 'Noch nicht genug Daten',
    latencyNotEnough: (summary) => `Noch nicht genug Daten für ein Diagramm. ${summary}`,
    latencyDaysHeading: 'Antwortzeit, letzte 90 Tage',
    latencyDaysSummary: (median, highest, days) => `Tagesmedian um ${median}; das höchste tägliche 95. Perzentil ${highest}; über ${days} ${plural(days, 'Tag', 'Tage')} mit Messungen.`,
    latencyDaysNone: 'In den letzten 90 Tagen wurde keine Antwortzeit gemessen.',
    latencyLegendP50: '━ Median (p50)',
    latencyLegendP95: '┅ 95. Perzentil (p95)',
    lastDayHeading: 'Letzte 24 Stunden',
    lastDayHeadingNarrow: 'Letzte 12 Stunden',
    lastDaySlot: (from, to, label) => `${from}–${to}: ${label}`,
    lastDaySummary: (recorded, expected, down) => `${recorded} von ${expected} ${plural(expected, 'Minute', 'Minuten')} erfasst, ${down} ${plural(down, 'Minute', 'Minuten')} ausgefallen.`,
    legend: 'Legende',
    incidentsHeading: 'Vorfälle',
    activeIncidents: 'Aktuelle Vorfälle',
    pastIncidents: 'Frühere Vorfälle (90 Tage)',
    noActiveIncidents: 'Keine aktuellen Vorfälle.',
    noPastIncidents: 'Keine Vorfälle in den letzten 90 Tagen.',
    olderIncidents: 'Ältere Vorfälle',
    moreOpenIncidents: (n) => n === 1 ? '1 weiterer offener Vorfall auf der Seite der früheren Vorfälle' : `${n} weitere offene Vorfälle auf der Seite der früheren Vorfälle`,
    impact: { none: 'Keine Auswirkung', minor: 'Geringe Auswirkung', major: 'Erhebliche Auswirkung', critical: 'Kritische Auswirkung' },
    incidentStatus: { investigating: 'Wird untersucht', identified: 'Ursache gefunden', monitoring: 'Wird beobachtet', resolved: 'Behoben' },
    incidentTimes: (started, resolved) => resolved === null ? `Begonnen ${started}` : `${started} – behoben ${resolved}`,
    updatesLabel: 'Meldungen',
    incidentLink: 'Details und alle Meldungen',
    earlierUpdates: (n) => n === 1 ? '1 frühere Meldung auf der Seite des Vorfalls' : `${n} frühere Meldungen auf der Seite des Vorfalls`,
    incidentPageTitle: 'Vorfall',
    maintenancePageTitle: 'Wartung',
    backToStatus: 'Zurück zum Systemstatus',
    maintenanceState: { scheduled: 'Geplant', active: 'Läuft', ended: 'Abgeschlossen', cancelled: 'Abgesagt' },
    maintenanceEvents: { scheduled: 'Geplant', started: 'Begonnen', ended: 'Abgeschlossen', cancelled: 'Abgesagt' },
    sectionUnavailable: 'Diese Angaben sind gerade nicht verfügbar; die Seite versucht es erneut.',
    lastUpdated: 'Zuletzt aktualisiert',
    refreshFailed: 'Aktualisieren ist gerade fehlgeschlagen; angezeigt wird der letzte bekannte Stand.',
    staleSince: (when) => `Zuletzt bestätigt ${when} – seitdem konnte diese Seite nicht aktualisiert werden.`,
    refreshNote: (seconds) => `Diese Seite aktualisiert sich ${plural(seconds, 'jede Sekunde', `alle ${seconds} Sekunden`)}, solange sie geöffnet ist.`,
    now: 'Jetzt',
    utc: 'UTC'
  }
}

/** How many of a model body's components have not reported (its `unknownComponents`), and whether none has. */
function reported (status) {
  const unknown = status.unknownComponents ?? 0
  return { unknown, none: unknown > 0 && unknown >= status.components.length }
}

/**
 * The headline of the model's body (docs/en/status-page.md#headline), the one sentence every surface shows: the words of
 * its page indicator, except that `none` with components that have not reported yet says so instead of "All systems
 * operational". Any other indicator already says that not everything works.
 */
export function headline (text, status) {
  const { unknown, none } = reported(status)
  if (status.indicator !== 'none' || unknown === 0) return text.overall[status.indicator] ?? status.description
  return none ? text.overallNoneReported : text.overallPartly(unknown)
}

/** The sentence under the headline: the indicator's, and how many components have not reported yet. */
export function headlineDetail (text, status) {
  const { unknown, none } = reported(status)
  if (unknown === 0) return text.overallDetail[status.indicator] ?? ''
  if (status.indicator === 'none') return none ? text.overallNoneReportedDetail : text.overallPartlyDetail
  return `${text.overallDetail[status.indicator] ?? ''} ${text.notReported(unknown)}`.trim()
}

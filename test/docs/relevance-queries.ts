// The relevance suite's questions: real queries against the shipped docs, each with the section that should come first.
export interface RelevanceCase {
  query: string
  /** The URL (with anchor) of the best section. */
  expected: string
  /** Other sections that answer the question as well (a page written for exactly this reader, say); a question's rank is its best right answer's. */
  alsoRight?: string[]
  kind: 'exact' | 'multi-word' | 'stemmed' | 'typo' | 'prefix' | 'umlaut-less' | 'compound' | 'question'
}

export const ENGLISH: RelevanceCase[] = [
  { query: 'rate limits', expected: '/docs/api#rate-limits', kind: 'exact' },
  { query: 'polling', expected: '/docs/api#polling', kind: 'exact' },
  { query: 'how often should I poll', expected: '/docs/api#polling', kind: 'multi-word' },
  { query: 'once a minute', expected: '/docs/api#polling', kind: 'multi-word' },
  { query: 'health history', expected: '/docs/api#history', kind: 'multi-word' },
  { query: 'uptimeSeconds', expected: '/docs/api#health', kind: 'exact' },
  { query: 'shards connected', expected: '/docs/status-definitions#bot-shards', kind: 'multi-word' },
  { query: 'expectedChecks', expected: '/docs/api#history', kind: 'exact' },
  { query: 'stale', expected: '/docs/api#discord', kind: 'exact' },
  { query: 'chat platform status', expected: '/docs/api#discord', kind: 'multi-word' },
  { query: 'upcoming maintenance', expected: '/docs/api#incidents', kind: 'multi-word' },
  { query: 'liveness', expected: '/docs/api#liveness', kind: 'exact' },
  { query: 'readiness probe database', expected: '/docs/api#readiness', kind: 'multi-word' },
  { query: 'search highlights excerpt', expected: '/docs/api#search', kind: 'multi-word' },
  { query: 'problem+json', expected: '/docs/api#errors', kind: 'exact' },
  { query: 'error codes', expected: '/docs/api#errors', kind: 'multi-word' },
  { query: 'ETag If-None-Match', expected: '/docs/api#caching', kind: 'multi-word' },
  { query: 'status codes', expected: '/docs/api#status-codes', kind: 'multi-word' },
  { query: 'api catalog', expected: '/docs/api#discovery', kind: 'multi-word' },
  { query: 'llms.txt agents', expected: '/docs/api#discovery', kind: 'multi-word' },
  { query: 'CORS credentials cookies', expected: '/docs/api#cors', kind: 'multi-word' },
  { query: 'versioning', expected: '/docs/api#versioning', kind: 'exact' },
  { query: 'overall status', expected: '/docs/status-definitions#overall-status', kind: 'multi-word' },
  { query: 'no_data', expected: '/docs/status-definitions#no-data', kind: 'exact' },
  { query: 'degraded', expected: '/docs/status-definitions#component-status', kind: 'exact' },
  { query: 'heartbeats shards disconnected', expected: '/docs/status-definitions#bot-shards', kind: 'stemmed' },
  { query: 'configuring', expected: '/docs/configuration', kind: 'stemmed' },
  { query: 'limited requests', expected: '/docs/api#rate-limits', kind: 'stemmed' },
  { query: 'uptime percentage counted', expected: '/docs/status-definitions#uptime', kind: 'stemmed' },
  { query: 'environment variables', expected: '/docs/configuration#values', kind: 'multi-word' },
  { query: 'postgresql redis replicas', expected: '/docs/operations#scale-out', kind: 'multi-word' },
  { query: 'SIGTERM', expected: '/docs/operations#shutdown', kind: 'exact' },
  { query: 'command line', expected: '/docs/operations#cli', kind: 'multi-word' },
  { query: 'maintenance schedule', expected: '/docs/operations#cli-maintenance', kind: 'multi-word' },
  { query: 'MDX front matter', expected: '/docs/operations#docs-dir', kind: 'multi-word' },
  { query: 'pino logs', expected: '/docs/operations#logs', kind: 'multi-word' },
  { query: 'ratelimit', expected: '/docs/api#rate-limits', kind: 'compound' },
  { query: 'rate limts', expected: '/docs/api#rate-limits', kind: 'typo' },
  { query: 'readyness', expected: '/docs/api#readiness', kind: 'typo' },
  { query: 'maintenace', expected: '/docs/status-definitions#maintenance', kind: 'typo' },
  { query: 'hisotry', expected: '/docs/api#history', kind: 'typo' },
  { query: 'confgiuration', expected: '/docs/configuration', kind: 'typo' },
  { query: 'livenes', expected: '/docs/api#liveness', kind: 'typo' },
  { query: 'rate lim', expected: '/docs/api#rate-limits', kind: 'prefix' },
  { query: 'shutd', expected: '/docs/operations#shutdown', kind: 'prefix' },
  { query: 'orchestr', expected: '/docs/operations#orchestrators', kind: 'prefix' },
  { query: 'versio', expected: '/docs/api#versioning', kind: 'prefix' }
]

export const GERMAN: RelevanceCase[] = [
  { query: 'Ratenbegrenzung', expected: '/de/docs/api#rate-limits', kind: 'exact' },
  { query: 'Abfragehäufigkeit', expected: '/de/docs/api#polling', kind: 'exact' },
  { query: 'einmal pro Minute abfragen', expected: '/de/docs/api#polling', kind: 'multi-word' },
  { query: 'Verlauf', expected: '/de/docs/api#history', kind: 'exact' },
  { query: 'uptimeSeconds', expected: '/de/docs/api#health', kind: 'exact' },
  { query: 'Shards verbunden', expected: '/de/docs/status-definitions#bot-shards', kind: 'multi-word' },
  { query: 'expectedChecks', expected: '/de/docs/api#history', kind: 'exact' },
  { query: 'Status der Chat-Plattform', expected: '/de/docs/api#discord', kind: 'multi-word' },
  { query: 'geplante Wartungen', expected: '/de/docs/api#incidents', kind: 'multi-word' },
  { query: 'Lebendigkeit', expected: '/de/docs/api#liveness', kind: 'exact' },
  { query: 'Bereitschaft Datenbank', expected: '/de/docs/api#readiness', kind: 'multi-word' },
  { query: 'Dokumentationssuche', expected: '/de/docs/api#search', kind: 'exact' },
  { query: 'Problemdokument', expected: '/de/docs/api#errors', kind: 'exact' },
  { query: 'Fehler', expected: '/de/docs/api#errors', kind: 'exact' },
  { query: 'ETag If-None-Match', expected: '/de/docs/api#caching', kind: 'multi-word' },
  { query: 'Statuscodes', expected: '/de/docs/api#status-codes', kind: 'exact' },
  { query: 'API-Katalog', expected: '/de/docs/api#discovery', kind: 'exact' },
  { query: 'Zugangsdaten Cookies', expected: '/de/docs/api#cors', kind: 'multi-word' },
  { query: 'Versionierung', expected: '/de/docs/api#versioning', kind: 'exact' },
  { query: 'Gesamtstatus', expected: '/de/docs/status-definitions#overall-status', kind: 'exact' },
  { query: 'keine Daten', expected: '/de/docs/status-definitions#no-data', kind: 'multi-word' },
  { query: 'Komponentenstatus', expected: '/de/docs/status-definitions#component-status', kind: 'exact' },
  { query: 'Herzschläge', expected: '/de/docs/status-definitions#bot-shards', kind: 'stemmed' },
  { query: 'Minutenprüfung', expected: '/de/docs/status-definitions#minute-checks', kind: 'stemmed' },
  { query: 'Verfügbarkeiten', expected: '/de/docs/status-definitions#uptime', kind: 'stemmed' },
  { query: 'Umgebungsvariablen', expected: '/de/docs/configuration#values', kind: 'stemmed' },
  { query: 'Replikate PostgreSQL Redis', expected: '/de/docs/operations#scale-out', kind: 'multi-word' },
  { query: 'Herunterfahren', expected: '/de/docs/operations#shutdown', kind: 'exact' },
  { query: 'Kommandozeile', expected: '/de/docs/operations#cli', kind: 'exact' },
  { query: 'Protokolle', expected: '/de/docs/operations#logs', kind: 'exact' },
  { query: 'Ratenbegrenzng', expected: '/de/docs/api#rate-limits', kind: 'typo' },
  { query: 'Bereitschfat', expected: '/de/docs/api#readiness', kind: 'typo' },
  { query: 'Versionierugn', expected: '/de/docs/api#versioning', kind: 'typo' },
  { query: 'Gesamtsatus', expected: '/de/docs/status-definitions#overall-status', kind: 'typo' },
  { query: 'Verfuegbarkeit', expected: '/de/docs/status-definitions#uptime', kind: 'umlaut-less' },
  { query: 'Verfugbarkeit', expected: '/de/docs/status-definitions#uptime', kind: 'umlaut-less' },
  { query: 'Stoerungen und Wartungen', expected: '/de/docs/api#incidents', kind: 'umlaut-less' },
  { query: 'Abfragehaeufigkeit', expected: '/de/docs/api#polling', kind: 'umlaut-less' },
  { query: 'Herzschlaege', expected: '/de/docs/status-definitions#bot-shards', kind: 'umlaut-less' },
  { query: 'Begrenzung', expected: '/de/docs/api#rate-limits', kind: 'compound' },
  { query: 'Raten-Begrenzung', expected: '/de/docs/api#rate-limits', kind: 'compound' },
  { query: 'Status Definitionen', expected: '/de/docs/status-definitions', kind: 'compound' },
  { query: 'Katalog', expected: '/de/docs/api#discovery', kind: 'compound' },
  { query: 'Herzschlag Zeitgrenze', expected: '/de/docs/status-definitions#bot-shards', kind: 'compound' },
  { query: 'Ratenbegr', expected: '/de/docs/api#rate-limits', kind: 'prefix' },
  { query: 'Herunterf', expected: '/de/docs/operations#shutdown', kind: 'prefix' },
  { query: 'Kommandoz', expected: '/de/docs/operations#cli', kind: 'prefix' },
  { query: 'Zustandsprufungen fur Orchestrierer', expected: '/de/docs/operations#orchestrators', kind: 'umlaut-less' },
  { query: 'Unterstuetzung im Editor', expected: '/de/docs/status-file#editor', kind: 'umlaut-less' },
  { query: 'Bundel', expected: '/de/docs/operations#bundle', kind: 'umlaut-less' },
  { query: 'Storungen und was der Dienst meldet', expected: '/de/docs/operations#faults', kind: 'umlaut-less' },
  { query: 'Signatur prufen', expected: '/de/docs/notifications#verify', kind: 'umlaut-less' },
  { query: 'Wie prufe ich in meinem eigenen Code, ob ein Webhook wirklich vom Statusdienst kommt?', expected: '/de/docs/notifications#verify', kind: 'umlaut-less' }
]

/**
 * Long questions as people type them, naming a feature in other words than the docs use. Held out: written before
 * the ranking was changed for them, and checked against a plain MiniSearch baseline (relevance.test.ts) rather than
 * against a fixed rank.
 */
export const ENGLISH_QUESTIONS: RelevanceCase[] = [
  { query: 'how often should my monitoring tool poll the service to know whether the bot is up?', expected: '/docs/api#polling', kind: 'question' },
  { query: 'what happens when I send too many requests in a short time from one address?', expected: '/docs/api#rate-limits', alsoRight: ['/docs/architecture#api-contract'], kind: 'question' },
  { query: 'how can I avoid downloading the same answer again when nothing has changed since my last request?', expected: '/docs/api#caching', kind: 'question' },
  { query: 'what does the service answer when something is wrong with my request, and in which format?', expected: '/docs/api#errors', kind: 'question' },
  { query: 'can a web page on another site call this api from javascript in the browser?', expected: '/docs/api#cors', kind: 'question' },
  { query: 'how do I tell the service which port to listen on and where to keep its data?', expected: '/docs/configuration', alsoRight: ['/docs/configuration#server', '/docs/configuration#stores'], kind: 'question' },
  { query: 'how do I run several copies of the service behind a load balancer with a shared database?', expected: '/docs/operations#scale-out', alsoRight: ['/docs/architecture#deployment'], kind: 'question' },
  { query: 'what happens to requests that are still running when the container is asked to stop?', expected: '/docs/operations#shutdown', kind: 'question' },
  // The AI agents page opens with the answer (the catalog, the OpenAPI description, llms.txt), pointing at discovery.
  { query: 'where can an ai agent find a machine readable description of this api?', expected: '/docs/api#discovery', alsoRight: ['/docs/agents'], kind: 'question' },
  { query: 'how do I announce planned downtime ahead of time from the command line?', expected: '/docs/operations#cli-maintenance', kind: 'question' },
  { query: 'what does it mean when a day shows nothing because no checks were recorded?', expected: '/docs/status-definitions#no-data', kind: 'question' },
  { query: 'is discord itself having problems at the moment, and how would I find out from here?', expected: '/docs/api#discord', kind: 'question' },
  { query: 'what should a kubernetes probe call to decide whether to restart the process?', expected: '/docs/operations#orchestrators', kind: 'question' },
  { query: 'how much memory and cpu does one instance need for a few thousand requests per second?', expected: '/docs/operations#performance', kind: 'question' },
  { query: 'can I put my own markdown pages into the documentation that ships with it?', expected: '/docs/operations#docs-dir', kind: 'question' }
]

/**
 * More questions, written before the ranking was changed again (issue 34), about the pages added since: the operator
 * API, the Discord commands, following the status, the status file, notifications. Checked together with the ones
 * above, by MRR@10 and recall@3 against fixed floors and the MiniSearch baseline.
 */
export const MORE_ENGLISH_QUESTIONS: RelevanceCase[] = [
  { query: 'how do I get a message in our slack channel every time an incident gets updated?', expected: '/docs/follow#slack', kind: 'question' },
  { query: 'which shard is my discord server on, and can I check whether that shard is working?', expected: '/docs/shards#find-your-server', alsoRight: ['/docs/status-page#find-your-server'], kind: 'question' },
  { query: 'how can the bot send its shard heartbeats without knowing the database password?', expected: '/docs/operator-api#reporter', alsoRight: ['/docs/shards#reporting'], kind: 'question' },
  { query: 'my webhook receiver sometimes gets the same event twice, is that expected and what should it do?', expected: '/docs/notifications#delivery', alsoRight: ['/docs/notifications#webhooks'], kind: 'question' },
  { query: 'how do I check in my own code that a webhook really was sent by the status service?', expected: '/docs/notifications#verify', kind: 'question' },
  { query: 'can I show the uptime of the last month as a small image in the readme of my project?', expected: '/docs/follow#badges', kind: 'question' },
  { query: 'the discord developer portal says it cannot verify my interactions endpoint url, what is wrong?', expected: '/docs/discord-commands#troubleshooting', kind: 'question' },
  { query: 'who in our discord server is allowed to open or resolve incidents with the slash commands?', expected: '/docs/discord-commands#access', alsoRight: ['/docs/discord-commands#roles', '/docs/configuration#discord'], kind: 'question' },
  { query: 'how do I keep the password of a private health endpoint out of the yaml file that is in git?', expected: '/docs/status-file#variables', kind: 'question' },
  { query: 'how can I watch a cron job that has no url of its own and only runs every few minutes?', expected: '/docs/status-file#push', alsoRight: ['/docs/status-file#recipes'], kind: 'question' },
  { query: 'if our deploy script retries a request after the connection dropped, could the incident be opened twice?', expected: '/docs/operator-api#tokens', kind: 'question' },
  { query: 'how do I reach the operator port from another machine when it only listens on localhost?', expected: '/docs/operator-api#proxy', kind: 'question' },
  { query: 'which permissions should the token of a ci pipeline get if it only schedules maintenance windows?', expected: '/docs/operator-api#scopes', kind: 'question' },
  { query: 'does one failed request to my website already mark the component as down on the status page?', expected: '/docs/status-file#checks', kind: 'question' },
  { query: 'we use a tool that reads atlassian statuspage data, can it read this service instead?', expected: '/docs/follow#statuspage', kind: 'question' },
  { query: 'how do I make the http check trust the self signed certificate of our internal api?', expected: '/docs/status-file#http', kind: 'question' },
  // Written after the first change of the ranking, as a check that it was not fitted to the questions above.
  { query: 'how can I see which incidents are open from my terminal on my laptop without logging into the server?', expected: '/docs/operator-api#remote-cli', kind: 'question' },
  { query: 'what does it mean when a shard shows as silent instead of disconnected on the page?', expected: '/docs/shards#states', kind: 'question' },
  { query: 'can I change the colours and the logo of the status page to match our brand?', expected: '/docs/status-file#brand', kind: 'question' },
  { query: 'which events does the service send a notification for, for example when an incident is resolved?', expected: '/docs/notifications#events', kind: 'question' },
  { query: 'how do I connect claude or another ai assistant so it can ask about the current status?', expected: '/docs/agents#mcp', alsoRight: ['/docs/agents#mcp-clients'], kind: 'question' },
  // Written by another person once the ranking was merged, without looking at its ranks first (held out).
  { query: 'how do I make my webhook receiver check that a notification really came from the status service', expected: '/docs/notifications#verify', kind: 'question' },
  { query: 'can I run two copies of the service behind a load balancer and what do they share', expected: '/docs/operations#scale-out', alsoRight: ['/docs/architecture#deployment'], kind: 'question' },
  { query: 'which token do I need to report a push check result from a cron job', expected: '/docs/operator-api#scopes', alsoRight: ['/docs/status-file#push'], kind: 'question' },
  { query: 'why does my component show no data instead of a percentage', expected: '/docs/status-definitions#no-data', alsoRight: ['/docs/architecture#data'], kind: 'question' },
  { query: 'how do I put my own logo and colours on the page', expected: '/docs/status-file#brand', kind: 'question' },
  { query: 'what does the status page show for a server id that is on a disconnected shard', expected: '/docs/status-page#find-your-server', alsoRight: ['/docs/shards#find-your-server'], kind: 'question' }
]

/** German questions of the same kind; some typed without umlauts (`fur`, `prufen`, `Empfanger`), as on a keyboard without them. */
export const GERMAN_QUESTIONS: RelevanceCase[] = [
  { query: 'Wie bekomme ich in unserem Slack-Kanal eine Nachricht, sobald ein Vorfall aktualisiert wird?', expected: '/de/docs/follow#slack', kind: 'question' },
  { query: 'Auf welchem Shard läuft mein Discord-Server und wie sehe ich, ob dieser Shard gerade funktioniert?', expected: '/de/docs/shards#find-your-server', alsoRight: ['/de/docs/status-page#find-your-server'], kind: 'question' },
  { query: 'Wie prüfe ich in meinem eigenen Code, ob ein Webhook wirklich vom Statusdienst kommt?', expected: '/de/docs/notifications#verify', kind: 'question' },
  { query: 'Wer in unserem Discord-Server darf mit den Slash-Befehlen Störungen eröffnen oder beheben?', expected: '/de/docs/discord-commands#access', alsoRight: ['/de/docs/discord-commands#roles', '/de/docs/configuration#discord'], kind: 'question' },
  { query: 'Wie halte ich das Passwort fur einen internen Healthcheck aus der YAML-Datei heraus, die im Git liegt?', expected: '/de/docs/status-file#variables', kind: 'question' },
  { query: 'Was passiert mit Anfragen, die noch laufen, wenn der Container gestoppt wird?', expected: '/de/docs/operations#shutdown', kind: 'question' },
  { query: 'Kann ich ein kleines Bild mit der Verfugbarkeit der letzten 30 Tage in unsere README einbauen?', expected: '/de/docs/follow#badges', kind: 'question' },
  { query: 'Welche Rechte braucht das Token einer CI-Pipeline, die nur Wartungsfenster plant?', expected: '/de/docs/operator-api#scopes', kind: 'question' },
  { query: 'Was soll mein Empfanger tun, wenn dasselbe Ereignis nach einer Wiederholung zweimal ankommt?', expected: '/de/docs/notifications#delivery', alsoRight: ['/de/docs/notifications#webhooks'], kind: 'question' },
  { query: 'Das Discord-Portal kann meine Interactions-URL nicht prufen, woran liegt das und was muss ich andern?', expected: '/de/docs/discord-commands#troubleshooting', kind: 'question' },
  { query: 'Wie erreiche ich den Betreiber-Port von einem anderen Rechner, wenn er nur auf localhost hort?', expected: '/de/docs/operator-api#proxy', kind: 'question' },
  // Written after the first change of the ranking, as a check that it was not fitted to the questions above.
  { query: 'Wie kann ich die Farben und das Logo der Statusseite an unsere Marke anpassen?', expected: '/de/docs/status-file#brand', kind: 'question' },
  { query: 'Was bedeutet es, wenn ein Shard seit Minuten keinen Herzschlag mehr gemeldet hat?', expected: '/de/docs/shards#states', alsoRight: ['/de/docs/status-definitions#bot-shards'], kind: 'question' },
  { query: 'Bei welchen Ereignissen schickt der Dienst eine Benachrichtigung, zum Beispiel wenn eine Storung behoben ist?', expected: '/de/docs/notifications#events', kind: 'question' }
]

// Status files for the tests: a small valid one, and each rule broken once with the exact line that names it.
export type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any

/** A small valid file; components[3] is an http check, as in the error line docs/en/status-file.md#check shows. */
export function base (): Json {
  return {
    product: { name: 'Acme', url: 'https://acme.example', links: [{ label: 'Dashboard', url: 'https://acme.example/dashboard' }] },
    groups: [{ id: 'web', name: 'Web' }],
    components: [
      { id: 'database', builtin: 'database' },
      { id: 'music', check: { push: { within: '2m' } } },
      { id: 'website', group: 'web', check: { http: { url: 'https://acme.example' } } },
      { id: 'dashboard', group: 'web', check: { http: { url: 'https://acme.example/api/ping', every: '30s', timeout: '5s', expect: { status: [200] } } } },
      { id: 'tts', check: { tcp: { host: 'tts.internal', port: 5000 } } }
    ]
  }
}

/** The small file with one change. */
export function changed (change: (file: Json) => void): Json {
  const file = base()
  change(file)
  return file
}

/** components[3]'s http check. */
export const http = (file: Json) => file.components[3].check.http

/** What is broken, how, and the one line that says so. */
export const refusals: Array<[string, (file: Json) => void, string | RegExp]> = [
  ['a URL that is not http(s)', (file) => { http(file).url = 'ftp://acme.example/ping' }, 'components[3].check.http.url: must be an http(s) URL'],
  ['a URL without a host', (file) => { http(file).url = 'https://' }, 'components[3].check.http.url: must be an http(s) URL'],
  ['a URL with spaces', (file) => { http(file).url = 'https://acme.example/a b' }, 'components[3].check.http.url: must be an http(s) URL'],
  ['a URL with credentials', (file) => { http(file).url = 'https://user:pass@acme.example' },
    'components[3].check.http.url: must not contain a user name or password (put credentials in headers)'],
  ['a product URL', (file) => { file.product.url = 'acme.example' }, 'product.url: must be an http(s) URL'],
  ['a link URL', (file) => { file.product.links[0].url = 'mailto:help@acme.example' }, 'product.links[0].url: must be an http(s) URL'],
  ['a typo in a component', (file) => { file.components[1].chek = file.components[1].check; delete file.components[1].check },
    'components[1].chek: unknown key (allowed: id, name, description, group, critical, builtin, check)'],
  ['an unknown top-level key', (file) => { file.component = [] }, 'component: unknown key (allowed: $schema, product, groups, components, templates, maintenance, uptime)'],
  ['an unknown product key', (file) => { file.product.colour = '#fff' },
    'product.colour: unknown key (allowed: name, logo, logoDark, favicon, accent, accentDark, url, links, description, footer)'],
  ['an unknown check kind', (file) => { file.components[1].check = { ping: {} } }, 'components[1].check.ping: unknown key (allowed: http, tcp, push, platform, manual)'],
  ['an unknown http key', (file) => { http(file).retries = 3 },
    'components[3].check.http.retries: unknown key (allowed: url, method, headers, every, timeout, confirm, expect)'],
  ['an unknown expect key', (file) => { http(file).expect.body = 'ok' },
    'components[3].check.http.expect.body: unknown key (allowed: status, bodyIncludes, json, latencyBelow, certDays)'],
  ['an unknown key in localised text', (file) => { file.groups[0].name = { en: 'Web', xx: 'Toile' } }, 'groups[0].name.xx: unknown key (allowed: en, de, fr, es, pt-BR)'],
  ['a language the service does not ship', (file) => { file.components[1].name = { en: 'Music', it: 'Musica' } }, 'components[1].name.it: unknown key (allowed: en, de, fr, es, pt-BR)'],
  ['a language tag in the path\'s spelling', (file) => { file.product.footer = { en: 'Acme', 'pt-br': 'Acme' } }, 'product.footer.pt-br: unknown key (allowed: en, de, fr, es, pt-BR)'],
  ['an upper-case group id', (file) => { file.groups[0].id = 'Web'; file.components[2].group = 'Web' },
    'groups[0].id: "Web" must be lowercase letters, digits and dashes'],
  ['a component id with a space', (file) => { file.components[4].id = 'text to speech' }, 'components[4].id: "text to speech" must be lowercase letters, digits and dashes'],
  ['a component id of 64 characters', (file) => { file.components[4].id = 'a'.repeat(64) }, /^components\[4\]\.id: "a{39}…" must be lowercase letters, digits and dashes$/],
  ['a repeated component id', (file) => { file.components[4].id = 'music' }, 'components[4].id: is already the id of components[1]'],
  ['a repeated group id', (file) => { file.groups.push({ id: 'web', name: 'Web again' }) }, 'groups[1].id: is already the id of groups[0]'],
  ['an undeclared group', (file) => { file.components[2].group = 'wep' }, 'components[2].group: "wep" is not a declared group (groups: web)'],
  ['a group when none are declared', (file) => { delete file.groups; delete file.components[2].group; file.components[3].group = 'web' },
    'components[3].group: "web" is not a declared group (no groups are declared)'],
  ['a group without components', (file) => { file.groups.push({ id: 'api', name: 'API' }) },
    'groups[1]: no component is in group "api" (name it in a component\'s group, or remove the group)'],
  ['a builtin id on another check', (file) => { file.components[1].id = 'bot' }, 'components[1].id: "bot" belongs to the builtin of that name (builtin: bot)'],
  ['a builtin id on another builtin', (file) => { file.components[0].id = 'cache' }, 'components[0].id: "cache" belongs to the builtin of that name (builtin: cache)'],
  ['the id of the overall status', (file) => { file.components[1].id = 'overall' }, 'components[1].id: "overall" is reserved for the overall status in the history'],
  ['a builtin twice', (file) => { file.components.push({ id: 'db', builtin: 'database' }) }, 'components[5].builtin: database is already declared by components[0]'],
  ['an unknown builtin', (file) => { file.components[0].builtin = 'db' }, 'components[0].builtin: must be database, cache or bot (got "db")'],
  ['both builtin and check', (file) => { file.components[0].check = { manual: true } }, 'components[0]: takes only one of builtin or check (got builtin and check)'],
  ['neither builtin nor check', (file) => { delete file.components[1].check }, 'components[1]: needs one of builtin or check'],
  ['two kinds of check', (file) => { file.components[1].check.manual = true }, 'components[1].check: takes only one of http, tcp, push, platform or manual (got push and manual)'],
  ['an empty check', (file) => { file.components[1].check = {} }, 'components[1].check: needs one of http, tcp, push, platform or manual'],
  ['manual: false', (file) => { file.components[1].check = { manual: false } }, 'components[1].check.manual: must be true'],
  ['an empty platform name', (file) => { file.components[1].check = { platform: ' ' } }, 'components[1].check.platform: must not be empty'],
  ['no components', (file) => { file.components = [] }, 'components: must list at least one entry'],
  ['no components key', (file) => { delete file.components }, 'components: is required'],
  ['a component without id', (file) => { delete file.components[1].id }, 'components[1].id: is required'],
  ['a group without name', (file) => { delete file.groups[0].name }, 'groups[0].name: is required'],
  ['a duration with a space', (file) => { http(file).every = '30 s' }, 'components[3].check.http.every: must be a duration such as 30s, 2m or 800ms'],
  ['a duration without unit', (file) => { http(file).every = 30 }, 'components[3].check.http.every: must be a duration such as 30s, 2m or 800ms'],
  ['a fractional duration', (file) => { http(file).timeout = '1.5s' }, 'components[3].check.http.timeout: must be a duration such as 30s, 2m or 800ms'],
  ['units out of order', (file) => { http(file).every = '30s1m' }, 'components[3].check.http.every: must be a duration such as 30s, 2m or 800ms'],
  ['days', (file) => { file.components[1].check.push.within = '1d' }, 'components[1].check.push.within: must be a duration such as 30s, 2m or 800ms'],
  ['an interval below 5s', (file) => { http(file).every = '1s'; http(file).timeout = '500ms' }, 'components[3].check.http.every: must be from 5s to 1h'],
  ['an interval above 1h', (file) => { file.components[4].check.tcp.every = '1h1s' }, 'components[4].check.tcp.every: must be from 5s to 1h'],
  ['a time limit below 100ms', (file) => { http(file).timeout = '50ms' }, 'components[3].check.http.timeout: must be from 100ms to 1m'],
  ['a time limit longer than the interval', (file) => { http(file).timeout = '31s' }, 'components[3].check.http.timeout: must not be longer than every (30s)'],
  ['a tcp time limit longer than the interval', (file) => { file.components[4].check.tcp.every = '10s'; file.components[4].check.tcp.timeout = '20s' },
    'components[4].check.tcp.timeout: must not be longer than every (10s)'],
  ['a latency bound not below the time limit', (file) => { http(file).expect.latencyBelow = '5s' }, 'components[3].check.http.expect.latencyBelow: must be shorter than the timeout (5s)'],
  ['a push window below 10s', (file) => { file.components[1].check.push.within = '5s' }, 'components[1].check.push.within: must be from 10s to 168h'],
  ['a push without within', (file) => { file.components[1].check.push = {} }, 'components[1].check.push.within: is required'],
  ['an unknown method', (file) => { http(file).method = 'POST' }, 'components[3].check.http.method: must be GET or HEAD (got "POST")'],
  ['a header name with a space', (file) => { http(file).headers = { 'X Api': 'key' } }, 'components[3].check.http.headers["X Api"]: must be an HTTP header name'],
  ['a header value over two lines', (file) => { http(file).headers = { 'X-Api': 'a\nb' } }, 'components[3].check.http.headers.X-Api: must be one line'],
  ['a header value that is a number', (file) => { http(file).headers = { 'X-Api': 5 } }, 'components[3].check.http.headers.X-Api: must be a string (put it in quotes)'],
  ['a status out of range', (file) => { http(file).expect.status = [200, 99] }, 'components[3].check.http.expect.status[1]: must be from 100 to 599'],
  ['a repeated status', (file) => { http(file).expect.status = [200, 204, 200] }, 'components[3].check.http.expect.status[2]: repeats an earlier entry (got 200)'],
  ['an empty status list', (file) => { http(file).expect.status = [] }, 'components[3].check.http.expect.status: must list at least one entry'],
  ['bodyIncludes and json', (file) => { http(file).expect.bodyIncludes = 'ok'; http(file).expect.json = { pointer: '/ok', equals: true } },
    'components[3].check.http.expect: takes bodyIncludes or json, not both'],
  ['a JSON pointer without slash', (file) => { http(file).expect.json = { pointer: 'status', equals: 'up' } },
    'components[3].check.http.expect.json.pointer: must be a JSON pointer such as /status (empty for the whole body)'],
  ['json without equals', (file) => { http(file).expect.json = { pointer: '/status' } }, 'components[3].check.http.expect.json.equals: is required'],
  ['certDays above a year', (file) => { http(file).expect.certDays = 400 }, 'components[3].check.http.expect.certDays: must be from 0 to 365'],
  ['confirm 0', (file) => { file.components[4].check.tcp.confirm = 0 }, 'components[4].check.tcp.confirm: must be from 1 to 10'],
  ['a port out of range', (file) => { file.components[4].check.tcp.port = 70000 }, 'components[4].check.tcp.port: must be from 1 to 65535'],
  ['a port as text', (file) => { file.components[4].check.tcp.port = '5000' }, 'components[4].check.tcp.port: must be a whole number'],
  ['a host with a space', (file) => { file.components[4].check.tcp.host = 'tts internal' }, 'components[4].check.tcp.host: must be a host name or IP address'],
  ['critical as text', (file) => { file.components[1].critical = 'yes' }, 'components[1].critical: must be true or false'],
  ['a name that is a number', (file) => { file.components[1].name = 5 }, 'components[1].name: must be a string or { en, de, fr, es, pt-BR }'],
  ['an empty name', (file) => { file.components[1].name = '' }, 'components[1].name: must not be empty'],
  ['localised text without en', (file) => { file.components[1].name = { de: 'Musik' } }, 'components[1].name.en: is required'],
  ['a name too long', (file) => { file.components[1].name = 'x'.repeat(101) }, 'components[1].name: must be at most 100 characters'],
  ['an accent that is not a colour', (file) => { file.product.accent = 'blue' }, 'product.accent: must be a colour such as #3B4BD8 or #38D'],
  ['a logo URL', (file) => { file.product.logo = 'https://acme.example/logo.svg' }, 'product.logo: must be a file path relative to the status file, not a URL'],
  ['components as a mapping', (file) => { file.components = { music: {} } }, 'components: must be a list'],
  ['a template naming an undeclared component', (file) => { file.templates = [template(), template({ id: 'tts-down', components: ['tts', 'voice'] })] },
    'templates[1].components[1]: "voice" is not a declared component (components: database, music, website, dashboard, tts)'],
  ['a template with an unknown impact', (file) => { file.templates = [template({ impact: 'huge' })] },
    'templates[0].impact: must be none, minor, major or critical (got "huge")'],
  ['a repeated template id', (file) => { file.templates = [template(), template({ id: 'music-down' }), template()] }, 'templates[2].id: is already the id of templates[0]'],
  ['a template without message', (file) => { const t = template(); delete t.message; file.templates = [t] }, 'templates[0].message: is required'],
  ['a template title over two lines', (file) => { file.templates = [template({ title: { en: 'Discord', de: 'Discord\nhat Probleme' } })] },
    'templates[0].title.de: must be a single line without control characters'],
  ['a template title in an unknown language', (file) => { file.templates = [template({ title: { en: 'Discord', it: 'Discord' } })] },
    'templates[0].title.it: unknown key (allowed: en, de, fr, es, pt-BR)'],
  ['a template id with capitals', (file) => { file.templates = [template({ id: 'Platform' })] }, 'templates[0].id: "Platform" must be lowercase letters, digits and dashes'],
  ['a template component twice', (file) => { file.templates = [template({ components: ['music', 'music'] })] }, 'templates[0].components[1]: repeats an earlier entry (got "music")'],
  ['a weight above 1', (file) => { file.uptime = { weights: { partial_outage: 1.5 } } }, 'uptime.weights.partial_outage: must be from 0 to 1'],
  ['a negative weight', (file) => { file.uptime = { weights: { degraded_performance: -0.1 } } }, 'uptime.weights.degraded_performance: must be from 0 to 1'],
  ['a weight as text', (file) => { file.uptime = { weights: { major_outage: 'all' } } }, 'uptime.weights.major_outage: must be a number'],
  ['a weight for operational', (file) => { file.uptime = { weights: { operational: 0 } } },
    'uptime.weights.operational: unknown key (allowed: degraded_performance, partial_outage, major_outage)'],
  ['bars of 45 days', (file) => { file.uptime = { barDays: 45 } }, 'uptime.barDays: must be 30, 60 or 90 (got 45)'],
  ['a target above 100', (file) => { file.uptime = { target: 100.5 } }, 'uptime.target: must be from 0 to 100'],
  ['an unknown maintenance rule', (file) => { file.uptime = { maintenance: 'ignored' } }, 'uptime.maintenance: must be excluded, up or counted (got "ignored")'],
  ['an unknown uptime key', (file) => { file.uptime = { days: 90 } }, 'uptime.days: unknown key (allowed: barDays, target, weights, maintenance)']
]

/** A valid template of the small file, with changes. */
export function template (changes: Json = {}): Json {
  return { id: 'platform-outage', title: { en: 'Discord is having trouble', de: 'Discord hat Probleme' }, impact: 'major', components: ['music'], message: 'Commands may not answer.', ...changes }
}

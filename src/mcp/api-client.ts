// The MCP server's view of a running status API: found through {base_url}/.well-known/api-catalog (its `status` and
// `service-desc` links, then the OpenAPI document's server and paths), then plain GETs of the public endpoints. Only
// links and redirects within the base URL's origin are followed: another host's body is never shown as this status.

/** For a whole answer, body included: a connection that drips its body slowly times out too. */
const TIMEOUT_MS = 10_000
const BODY_LIMIT = 5 * 1024 * 1024
const MAX_REDIRECTS = 5
const REDIRECTS = new Set([301, 302, 303, 307, 308])

/** An answer of the API that is a problem (RFC 9457): its detail is what the agent should read. */
export class ApiProblem extends Error {
  override name = 'ApiProblem'
  readonly status: number
  constructor (status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** The API could not be reached or did not answer like this service: one sentence, no stack. */
export class ApiUnavailable extends Error {
  override name = 'ApiUnavailable'
}

export interface ApiMap {
  /** The health endpoint, from the catalog's `status` link. */
  health: URL
  /** Every path the OpenAPI description lists, resolved against its server URL. */
  paths: Map<string, URL>
  /** The German site prefix, read from the German search path of the description (`/de`). */
  germanPrefix: string | undefined
  /** The product's name from the description's `info.x-product` (a status file names it); undefined without one. */
  productName: string | undefined
}

export interface StatusApi {
  readonly baseUrl: URL
  /** GET a JSON body. `path` is an OpenAPI path template (`/api/v1/health/shards/{guildId}`) and its parameters. */
  get (path: string, params?: Record<string, string>, query?: Record<string, string>): Promise<unknown>
  /** GET the health endpoint the catalog names (its body also on 503: the service is down, the answer is still the status). */
  health (): Promise<unknown>
  /** The German site prefix, when the description has German search. */
  germanPrefix (): Promise<string | undefined>
  /** The product's name, when the instance's status file names one. */
  productName (): Promise<string | undefined>
}

export function createStatusApi (baseUrl: URL): StatusApi {
  let discovered: Promise<ApiMap> | undefined

  const discover = (): Promise<ApiMap> => {
    discovered ??= discoverApi(baseUrl).catch((error: unknown) => {
      discovered = undefined // try again on the next call: the service may just be starting
      throw error
    })
    return discovered
  }

  const resolve = async (path: string, params: Record<string, string> = {}): Promise<URL> => {
    const map = await discover()
    const template = map.paths.get(path)
    if (template === undefined) throw new ApiUnavailable(`This status API (${baseUrl.origin}) does not offer ${path}; it may run an older version.`)
    const url = new URL(template)
    url.pathname = url.pathname.replace(/%7B(\w+)%7D|\{(\w+)\}/g, (_whole, a?: string, b?: string) => encodeURIComponent(params[(a ?? b)!] ?? ''))
    return url
  }

  return {
    baseUrl,
    async get (path, params, query) {
      const url = await resolve(path, params)
      for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value)
      return getJson(url)
    },
    async health () {
      return getJson((await discover()).health, { acceptStatus: [503] })
    },
    async germanPrefix () {
      return (await discover()).germanPrefix
    },
    async productName () {
      return (await discover()).productName
    }
  }
}

async function discoverApi (baseUrl: URL): Promise<ApiMap> {
  const catalogUrl = new URL('/.well-known/api-catalog', baseUrl)
  const catalog = await getJson(catalogUrl, { accept: 'application/linkset+json' }).catch((error: unknown) => {
    if (error instanceof ApiProblem && error.status === 404) {
      throw new ApiUnavailable(`${baseUrl.origin} has no API catalog (/.well-known/api-catalog answered 404): give the public base URL of a status-api instance (staging instances hide the catalog).`)
    }
    throw error
  }) as { linkset?: Array<Record<string, Array<{ href?: unknown }> | unknown>> }
  const context = Array.isArray(catalog.linkset) ? catalog.linkset[0] : undefined
  const href = (relation: string): URL => {
    const links = context?.[relation]
    const first = Array.isArray(links) ? (links[0] as { href?: unknown } | undefined)?.href : undefined
    const url = typeof first === 'string' ? URL.parse(first, catalogUrl.href) : null
    if (url === null) throw new ApiUnavailable(`The API catalog of ${baseUrl.origin} has no "${relation}" link.`)
    return url
  }
  const health = sameOrigin(baseUrl, href('status'), `The API catalog's "status" link`)
  const descriptionUrl = sameOrigin(baseUrl, href('service-desc'), `The API catalog's "service-desc" link`)
  const description = await getJson(descriptionUrl, { accept: 'application/openapi+json, application/json' }) as {
    servers?: Array<{ url?: unknown }>, paths?: Record<string, unknown>, info?: { 'x-product'?: { name?: unknown } }
  }
  const server = sameOrigin(baseUrl, typeof description.servers?.[0]?.url === 'string' ? new URL(description.servers[0].url, descriptionUrl) : new URL(descriptionUrl.origin),
    'The OpenAPI description\'s server')
  const paths = new Map<string, URL>()
  for (const path of Object.keys(description.paths ?? {})) {
    paths.set(path, new URL(`${server.pathname.replace(/\/$/, '')}${path}`, server))
  }
  const germanSearch = [...paths.keys()].find((path) => /^\/[^/]+\/docs\/api\/search$/.test(path))
  const name = description.info?.['x-product']?.name
  const productName = typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 60) : undefined
  return { health, paths, germanPrefix: germanSearch?.slice(0, germanSearch.indexOf('/docs/api/search')), productName }
}

/** `url` when it is within `baseUrl`'s origin; otherwise a clear refusal naming what pointed elsewhere. */
function sameOrigin (baseUrl: URL, url: URL, what: string): URL {
  if (url.origin !== baseUrl.origin) {
    throw new ApiUnavailable(`${what} points to another origin (${url.origin}); this MCP server follows only links within ${baseUrl.origin}.`)
  }
  return url
}

/**
 * GET JSON with one time limit for the whole answer (redirects and body included) and a body limit, following at most
 * five redirects within the same origin; problem+json answers become ApiProblem, everything else unexpected ApiUnavailable.
 */
async function getJson (url: URL, options: { accept?: string, acceptStatus?: number[] } = {}): Promise<unknown> {
  const signal = AbortSignal.timeout(TIMEOUT_MS)
  let response: Response
  let current = url
  for (let redirects = 0; ; redirects++) {
    try {
      response = await fetch(current, { headers: { accept: options.accept ?? 'application/json' }, signal, redirect: 'manual' })
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code
      const reason = signal.aborted ? `no answer within ${TIMEOUT_MS / 1000} s` : cause ?? 'the connection failed'
      throw new ApiUnavailable(`Cannot reach the status API at ${url.origin} (${reason}).`)
    }
    if (!REDIRECTS.has(response.status)) break
    await response.body?.cancel().catch(() => {})
    const location = URL.parse(response.headers.get('location') ?? '', current.href)
    if (location === null || response.headers.get('location') === null) {
      throw new ApiUnavailable(`${current.pathname} answered a redirect (HTTP ${response.status}) without a usable Location.`)
    }
    sameOrigin(url, location, `${url.pathname} redirects to ${location.pathname}, which`)
    if (redirects >= MAX_REDIRECTS) throw new ApiUnavailable(`${url.pathname} redirects too many times (more than ${MAX_REDIRECTS}: a redirect loop?).`)
    current = location
  }
  const type = response.headers.get('content-type') ?? ''
  const text = await readLimited(response, BODY_LIMIT).catch((error: unknown) => {
    if (error instanceof ApiUnavailable) throw new ApiUnavailable(`${url.pathname} ${error.message}`)
    if (signal.aborted) throw new ApiUnavailable(`${url.pathname} did not finish its answer within ${TIMEOUT_MS / 1000} s (timeout: the body arrived too slowly).`)
    throw new ApiUnavailable(`${url.pathname}: the connection broke while the answer was being read.`)
  })
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (type.startsWith('application/problem+json')) {
    const problem = (body ?? {}) as { title?: unknown, detail?: unknown }
    const detail = typeof problem.detail === 'string' ? problem.detail : typeof problem.title === 'string' ? problem.title : `HTTP ${response.status}`
    throw new ApiProblem(response.status, detail)
  }
  if (!response.ok && !(options.acceptStatus ?? []).includes(response.status)) {
    throw new ApiProblem(response.status, `${url.pathname} answered HTTP ${response.status}.`)
  }
  if (body === undefined || typeof body !== 'object' || body === null) {
    throw new ApiUnavailable(`${url.pathname} did not answer with JSON: is ${url.origin} a status-api instance?`)
  }
  return body
}

/** The body as text, refusing (ApiUnavailable) once it passes `limit` bytes instead of holding all of it. */
async function readLimited (response: Response, limit: number): Promise<string> {
  if (Number(response.headers.get('content-length') ?? 0) > limit) throw new ApiUnavailable('answered with a body too large to read.')
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength
    if (size > limit) {
      await response.body?.cancel().catch(() => {})
      throw new ApiUnavailable('answered with a body too large to read.')
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

// The operations (./operations.ts) on another instance's operator API (docs/en/architecture.md#operator-api): what the CLI acts on with --url.
// The input goes as typed and the server checks it: its refusal (400) comes back as an InvalidInput with the problem's
// detail; every other failure is one line naming its cause: unreachable, 401, 403, another status.
import { randomUUID } from 'node:crypto'
import { InvalidInput, StateConflict, UnknownTarget } from '../incidents/rules.ts'
import type { OperatorIncident, OperatorMaintenance, OperatorSeries } from './answers.ts'
import type { Operations } from './operations.ts'

/** An instance's operator API (OPERATOR_PORT) and the token to act with. */
export interface Remote {
  url: URL
  token: string
}

const TIMEOUT_MS = 15_000

/** The operations on `remote`; `command` (`incident open`) starts every failure's line. */
export function remoteOperations (remote: Remote, command: string): Operations {
  const call = <T>(method: Method, path: string, body?: unknown) => callOperator<T>(command, remote, method, path, body)
  return {
    openIncident: (input) => call('POST', '/v1/incidents', input),
    updateIncident: (id, input) => call('POST', `/v1/incidents/${id}/updates`, input),
    resolveIncident: (id, message) => call('POST', `/v1/incidents/${id}/resolve`, message === undefined ? {} : { message }),
    publishPostmortem: (id, markdown) => call('PUT', `/v1/incidents/${id}/postmortem`, { markdown }),
    withdrawPostmortem: (id) => call('DELETE', `/v1/incidents/${id}/postmortem`),
    listIncidents: async (state) => (await call<{ incidents: OperatorIncident[] }>('GET', `/v1/incidents?state=${state}`)).incidents,
    scheduleMaintenance: (input) => call('POST', '/v1/maintenance', input),
    endMaintenance: (id) => call('POST', `/v1/maintenance/${id}/end`, {}),
    listMaintenance: async () => (await call<{ maintenance: OperatorMaintenance[] }>('GET', '/v1/maintenance')).maintenance,
    getSeries: (id) => call('GET', `/v1/maintenance/series/${encodeURIComponent(id)}`),
    endSeries: (id) => call('POST', `/v1/maintenance/series/${encodeURIComponent(id)}/end`, {}),
    listSeries: async () => (await call<{ series: OperatorSeries[] }>('GET', '/v1/maintenance')).series,
    setComponentStatus: (id, input) => call('PUT', `/v1/components/${encodeURIComponent(id)}/status`, input),
    clearComponentStatus: (id) => call('DELETE', `/v1/components/${encodeURIComponent(id)}/status`),
    reportHeartbeats: (reports) => call('POST', '/v1/heartbeats', { reports }),
    forgetShards: (shards) => call('POST', '/v1/shards/forget', { shards }),
    push: (component, input) => call('POST', `/v1/push/${encodeURIComponent(component)}`, input),
    uptimeReport: (input) => {
      const query = new URLSearchParams({ month: input.month })
      for (const id of input.components ?? []) query.append('component', id)
      return call('GET', `/v1/reports/uptime?${query}`)
    }
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * One request to the operator API; resolves with the JSON answer of a 2xx. A POST carries an Idempotency-Key, and is
 * sent once more with the same key when the connection failed: the server writes it once either way.
 */
async function callOperator<T> (command: string, remote: Remote, method: Method, path: string, body?: unknown): Promise<T> {
  const target = new URL(path.replace(/^\//, ''), remote.url.href.endsWith('/') ? remote.url : new URL(`${remote.url.href}/`))
  const headers: Record<string, string> = { authorization: `Bearer ${remote.token}`, accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (method === 'POST') headers['idempotency-key'] = randomUUID()
  const send = () => fetch(target, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' })
  let response: Response
  try {
    response = await send().catch((error: unknown) => method === 'POST' ? send() : Promise.reject(error))
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name
    throw new Error(`${command}: cannot reach ${remote.url.origin} (${cause}); check --url or STATUS_API_URL and OPERATOR_PORT on the server`, { cause: error })
  }
  const text = await response.text()
  let answer: unknown
  try {
    answer = text === '' ? undefined : JSON.parse(text)
  } catch {
    answer = undefined
  }
  if (response.ok) return answer as T
  const detail = typeof (answer as { detail?: unknown } | undefined)?.detail === 'string' ? (answer as { detail: string }).detail : `HTTP ${response.status}`
  switch (response.status) {
    case 400: throw new InvalidInput(detail)
    case 404: throw new UnknownTarget(detail)
    case 401: throw new Error(`${command}: the token was refused (401); check --token or STATUS_API_TOKEN`)
    case 403: throw new Error(`${command}: the token may not do this (403): ${detail}`)
    case 409: if ((answer as { code?: unknown } | undefined)?.code === 'state_conflict') throw new StateConflict(detail)
      throw new Error(`${command}: ${remote.url.origin} answered 409: ${detail}`)
    default: throw new Error(`${command}: ${remote.url.origin} answered ${response.status}: ${detail}`)
  }
}

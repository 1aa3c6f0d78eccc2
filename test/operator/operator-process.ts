// A real `status-api serve` with the operator listener on (OPERATOR_PORT), a status file with manual components, and
// tokens of every kind; `call` sends one request to the operator port.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { startApp, type AppProcess } from '../services/app-process.ts'
import { freePort } from '../services/ports.ts'

export const TOKENS = {
  ops: 'ops-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  bot: 'bot-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
  ci: 'ci-secret-0123456789-abcdefghijklmnopqrstuvwxyz-ci',
  worker: 'worker-secret-0123456789-abcdefghijklmnopqrstuvwxyz'
} as const

export const OPERATOR_TOKENS = `ops:admin:${TOKENS.ops},bot:heartbeat:${TOKENS.bot},ci:maintenance+incidents:${TOKENS.ci},worker:push:${TOKENS.worker}`

export const STATUS_FILE = `components:
  - { id: bot, builtin: bot }
  - { id: music, name: Music, check: { manual: true } }
  - { id: api, name: Public API, check: { manual: true } }
  - { id: website, name: Website, check: { http: { url: "http://127.0.0.1:9/" } } }
  - { id: reminders, name: Reminders, check: { push: { within: 2m } } }
templates:
  - { id: music-down, title: { en: Music is down, de: Musik fällt aus }, impact: major, components: [music], message: { en: Songs do not play., de: Lieder spielen nicht. } }
`

export interface OperatorProcess {
  app: AppProcess
  /** The operator listener's origin. */
  operatorUrl: string
  call (method: string, pathname: string, options?: { token?: string, body?: unknown, headers?: Record<string, string> }): Promise<Answer>
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  json: any // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Writes the status file into `dir` and starts the service with the operator port on. */
export async function startOperatorProcess (dir: string, env: Record<string, string> = {}): Promise<OperatorProcess> {
  const statusFile = path.join(dir, 'status.yaml')
  writeFileSync(statusFile, STATUS_FILE)
  const operatorPort = await freePort()
  const app = await startApp({
    DATA_DIR: dir, STATUS_FILE: statusFile, OPERATOR_PORT: String(operatorPort), OPERATOR_TOKENS, PROBE_INTERVAL_SECONDS: '15', ...env
  })
  const operatorUrl = `http://127.0.0.1:${operatorPort}`
  const call: OperatorProcess['call'] = async (method, pathname, options = {}) => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
    if (options.body !== undefined) headers['content-type'] ??= 'application/json'
    const response = await fetch(`${operatorUrl}${pathname}`, {
      method, headers, body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
    })
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, text, json }
  }
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`${operatorUrl}/openapi.json`).then((r) => r.ok, () => false)) return { app, operatorUrl, call }
    await sleep(50)
  }
  await app.stop('SIGKILL')
  throw new Error(`the operator listener did not answer: ${app.output}`)
}

/** Polls `read` until `accept` says yes, or fails after `withinMs`. */
export async function eventually<T> (read: () => Promise<T>, accept: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs
  let last = await read()
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms; last: ${JSON.stringify(last).slice(0, 500)}`)
    await sleep(250)
    last = await read()
  }
  return last
}

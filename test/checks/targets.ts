// Loopback check targets for the tests: HTTP servers that behave well, slowly, not at all or with garbage, redirect,
// send huge bodies, and an HTTPS one with a self-signed certificate that expires in a few days (made with openssl).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import path from 'node:path'
import type { TestContext } from 'node:test'
import { tempDir } from '../helper.ts'

export interface Target {
  url: string
  port: number
  /** Requests (or connections, for raw targets) seen. */
  readonly hits: number
}

/** An HTTP server on a free loopback port answering with `handle`; closed after the test. */
export async function httpTarget (t: TestContext, handle: http.RequestListener): Promise<Target> {
  let hits = 0
  const server = http.createServer((request, response) => { hits++; handle(request, response) })
  return listen(t, server, 'http', () => hits)
}

/** A TCP server that accepts and then does `onConnection` (nothing at all: a silent target). */
export async function rawTarget (t: TestContext, onConnection: (socket: net.Socket) => void = () => {}): Promise<Target> {
  let hits = 0
  const sockets = new Set<net.Socket>()
  const server = net.createServer((socket) => {
    hits++
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
    onConnection(socket)
  })
  t.after(() => { for (const socket of sockets) socket.destroy() })
  return listen(t, server, 'http', () => hits)
}

/** A port nothing listens on (taken and released). */
export async function closedPort (): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export interface Certificate {
  cert: string
  key: string
}

/** A self-signed certificate for 127.0.0.1 valid for `days` days from now. */
export function selfSignedCertificate (t: TestContext, days: number): Certificate {
  const dir = tempDir(t)
  const key = path.join(dir, 'key.pem')
  const cert = path.join(dir, 'cert.pem')
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', String(days),
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' })
  return { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') }
}

export async function httpsTarget (t: TestContext, certificate: Certificate, handle: http.RequestListener): Promise<Target> {
  let hits = 0
  const server = https.createServer({ cert: certificate.cert, key: certificate.key }, (request, response) => { hits++; handle(request, response) })
  server.on('tlsClientError', () => {})
  return listen(t, server, 'https', () => hits)
}

async function listen (t: TestContext, server: net.Server, scheme: 'http' | 'https', hits: () => number): Promise<Target> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(() => new Promise<void>((resolve) => {
    (server as http.Server).closeAllConnections?.()
    server.close(() => resolve())
  }))
  const { port } = server.address() as net.AddressInfo
  return { url: `${scheme}://127.0.0.1:${port}`, port, get hits () { return hits() } }
}

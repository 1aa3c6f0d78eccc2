// `node bench/profile.ts [--seconds N] [--connections N] [--top N] PATH…`: where a request's time goes. The app
// (bench/app-server.ts, with the server's V8 flags) runs under `--cpu-prof` while autocannon loads each PATH in turn;
// then the profile is summed per function (`--bare`: the same for the bare server of bench/bare-server.ts sending the
// bytes the app sent for each PATH, `--body-only` with only the body, its type and length): self time, and inclusive time (a sample counts once per function on its
// stack), as a share of the time the app's thread was busy. bench/README.md ("Where a request's time goes") reads it.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { binNodeFlags } from './bin-flags.ts'
import { recordResponse, type BareRoute } from './same-bytes.ts'

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    top: { type: 'string', default: '40' },
    'accept-encoding': { type: 'string' },
    bare: { type: 'boolean', default: false },
    'body-only': { type: 'boolean', default: false }
  }
})
const paths = positionals.length > 0 ? positionals : ['/api/v1/health']

interface CallFrame { functionName: string, url: string, lineNumber: number }
interface ProfileNode { id: number, callFrame: CallFrame, children?: number[] }
interface Profile { nodes: ProfileNode[], samples: number[], timeDeltas: number[] }

const dir = mkdtempSync(path.join(tmpdir(), 'status-api-profile-'))
const profiles = path.join(dir, 'profiles')

async function start (script: string, flags: string[], scriptArgs: string[] = []): Promise<{ child: ChildProcess, url: string }> {
  const child = spawn(process.execPath, [...flags, path.join(import.meta.dirname, script), ...scriptArgs], {
    env: { ...process.env, DATA_DIR: dir }, stdio: ['ignore', 'pipe', 'inherit']
  })
  const [line] = await once(createInterface({ input: child.stdout! }), 'line') as [string]
  return { child, url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}` }
}

// A sample every 50 µs (the default is 1 ms): a stage of 0.2 µs per request gets hundreds of samples, not tens.
const profiling = ['--cpu-prof', '--cpu-prof-interval', '50', '--cpu-prof-dir', profiles]
const headers: Record<string, string> = args['accept-encoding'] === undefined ? {} : { 'accept-encoding': args['accept-encoding'] }
let { child, url } = await start('app-server.ts', args.bare || args['body-only'] ? binNodeFlags() : [...binNodeFlags(), ...profiling])
if (args.bare || args['body-only']) {
  const coding = headers['accept-encoding'] as 'br' | 'gzip' | undefined ?? 'identity'
  const manifest: BareRoute[] = []
  for (const route of paths) {
    const recorded = await recordResponse(url, route, dir, coding)
    manifest.push(args['body-only'] ? { ...recorded, headers: { 'content-type': recorded.headers['content-type']! } } : recorded)
  }
  writeFileSync(path.join(dir, 'bare.json'), JSON.stringify(manifest))
  child.kill('SIGTERM')
  await once(child, 'exit');
  ({ child, url } = await start('bare-server.ts', profiling, [path.join(dir, 'bare.json')]))
}
let requests = 0
for (const route of paths) {
  requests += (await autocannon({ url: url + route, connections: 16, duration: 1, headers })).requests.total // warm up
  const result = await autocannon({ url: url + route, connections: Number(args.connections), duration: Number(args.seconds), headers })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${route}: ${result.non2xx} non-2xx, ${result.errors} errors`)
  requests += result.requests.total
  console.log(`${route}: ${result.requests.average.toFixed(0)} req/s`)
}
child.kill('SIGTERM')
await once(child, 'exit')

const file = readdirSync(profiles).find((name) => name.endsWith('.cpuprofile'))!
const profile = JSON.parse(readFileSync(path.join(profiles, file), 'utf8')) as Profile
rmSync(dir, { recursive: true, force: true })

const parent = new Map<number, number>()
const byId = new Map<number, ProfileNode>()
for (const node of profile.nodes) {
  byId.set(node.id, node)
  for (const id of node.children ?? []) parent.set(id, node.id)
}
const key = (frame: CallFrame) => `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/').replace(/^file:\/\//, '')}:${frame.lineNumber + 1}`
const CONVENTIONS_ON_SEND = 'conventions onSend (CORS, security headers, Cache-Control, ETag/304)'
/**
 * A request's stages, each named by a frame that starts it: a sample counts for the innermost stage on its stack, so a
 * stage's time is its own, without the stages it calls (the onSend hook without the write it ends in).
 */
const STAGES: Array<[string, RegExp]> = [
  ['Node: HTTP parsing, IncomingMessage and ServerResponse', /^parserOnHeadersComplete node:/],
  ['find-my-way: routing', /^find find-my-way\//],
  ['Fastify: route handler set-up (Request, Reply, id, listeners)', /^routeHandler fastify\/lib\/route\.js/],
  ['request id (src/http/request-ids.ts)', / src\/http\/request-ids\.ts/],
  ['Fastify: child logger (src/http/request-logger.ts, validated per request)', /^createChildLogger fastify\//],
  ['Fastify: response listeners', /^setupResponseListeners fastify\//],
  // Both hooks of src/http/conventions.ts are anonymous: the one Fastify's onSend runner called is the onSend hook.
  ['conventions onRequest (Host, method)', /^\(anonymous\) src\/http\/conventions\.ts:/],
  ['rate limit onRequest', / src\/http\/rate-limit\.ts/],
  ['Fastify: hooks to handler', /^handleRequest fastify\//],
  ['route handler (the status model: current body)', /^\(anonymous\) src\/http\/routes\//],
  ['sendSerialized (status, type, ETag, Vary, coding)', /^sendSerialized src\//],
  ['Fastify: reply.send', /^Reply\.send fastify\//],
  [CONVENTIONS_ON_SEND, /^$/],
  ['Fastify: after onSend (Content-Length)', /^onSendEnd fastify\//],
  ['Node: writeHead (validating and joining the headers)', /^writeHead node:_http_server/],
  ['Node: res.end and the socket write (native time)', /^writePayload fastify\//],
  ['Node: after the write (finish, keep-alive timer)', /^processTicksAndRejections node:/],
  ['Fastify: on finish (onResponse hooks, request-completed log)', /^onResFinished fastify\//],
  ['access log onResponse', / src\/http\/answered-requests\.ts/],
  ['request metrics onResponse', / src\/metrics\/request-metrics\.ts/],
  ['garbage collector', /^\(garbage collector\)/],
  ['bare server handler', / bench\/bare-server\.ts/]
]
const stages = new Map<string, number>()
const stageOf = (id: number, k: string): string | undefined => {
  const stage = STAGES.find(([, frame]) => frame.test(k))?.[0]
  return stage?.startsWith('conventions') === true && stackHas(parent.get(id), 'onSendHookRunner') ? CONVENTIONS_ON_SEND : stage
}
const self = new Map<string, number>()
const inclusive = new Map<string, number>()
let busy = 0
let idle = 0
// Start-up is not a request's time: samples count from the first request on.
const stackHas = (id: number | undefined, name: string): boolean => id !== undefined && (byId.get(id)!.callFrame.functionName === name || stackHas(parent.get(id), name))
const first = profile.samples.findIndex((id) => stackHas(id, 'parserOnIncoming'))
for (let i = first; i < profile.samples.length; i++) {
  const delta = profile.timeDeltas[i] ?? 0
  const node = byId.get(profile.samples[i]!)!
  if (node.callFrame.functionName === '(idle)') { idle += delta; continue }
  busy += delta
  self.set(key(node.callFrame), (self.get(key(node.callFrame)) ?? 0) + delta)
  const seen = new Set<string>()
  let stage: string | undefined
  for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
    const k = key(byId.get(id)!.callFrame)
    stage ??= stageOf(id, k)
    if (seen.has(k)) continue
    seen.add(k)
    inclusive.set(k, (inclusive.get(k) ?? 0) + delta)
  }
  stage ??= 'other (timers, the monitor, idle-time work)'
  stages.set(stage, (stages.get(stage) ?? 0) + delta)
}
/** Self time by where the code lives: a source file, a package, Node's own JavaScript, or native work (the socket write, GC). */
const byPlace = new Map<string, number>()
for (const [k, us] of self) {
  const where = k.slice(k.indexOf(' ') + 1)
  const place = where.startsWith('node:') ? 'node: (Node\'s JavaScript)'
    : where.startsWith('src/') || where.startsWith('bench/') ? where.replace(/:\d+$/, '')
      : where.startsWith(':') ? k : where.includes('/') ? where.split('/')[0]! : k
  byPlace.set(place, (byPlace.get(place) ?? 0) + us)
}
const top = Number(args.top)
const share = (us: number) => `${(us / busy * 100).toFixed(1).padStart(5)} %  ${(us / requests * 1000).toFixed(0).padStart(5)} ns/req`
console.log(`\n${requests} requests; busy ${(busy / 1e6).toFixed(1)} s (${(busy / requests).toFixed(1)} µs per request), idle ${(idle / 1e6).toFixed(1)} s`)
console.log('\nby stage of a request (innermost stage on the stack):')
for (const [label] of [...STAGES, ['other (timers, the monitor, idle-time work)']]) {
  if (stages.has(label!)) console.log(`${share(stages.get(label!)!)}  ${label}`)
}
console.log('\nself time by place:')
for (const [k, us] of [...byPlace].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${share(us)}  ${k}`)
console.log('\nself time:')
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${share(us)}  ${k}`)
console.log('\ninclusive time:')
for (const [k, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top * 2)) console.log(`${share(us)}  ${k}`)
process.exit(0)

// `status-api mcp` end to end: the SDK's own Client over stdio spawns `node src/main.ts mcp --url …` against a real
// running instance, lists the tools, calls each, and validates every structured result against the output schema
// the server lists and against the API's TypeBox schema; errors come back as tool errors, never as a crash.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { Ajv } from 'ajv'
import addFormats from 'ajv-formats'
import type { TSchema } from 'typebox'
import { loadConfig } from '../../src/config/index.ts'
import { openContext } from '../../src/context.ts'
import { openIncident, resolveIncident } from '../../src/incidents/writes.ts'
import { upsertBotHeartbeat } from '../../src/store/repositories/bot-heartbeats.ts'
import { jsonSchemaOf } from '../../src/mcp/schemas.ts'
import { tools } from '../../src/mcp/tools.ts'
import { tempDir } from '../helper.ts'
import { StatuspageServer } from '../platform/statuspage-server.ts'
import { startApp, type AppProcess } from '../services/app-process.ts'
import { freePort } from '../services/ports.ts'

const TOOL_NAMES = ['find_shard', 'get_incidents', 'get_platform_status', 'get_status', 'get_uptime', 'search_docs']

interface Connected { client: Client, stderr: () => string }

/** The SDK client, spawning the MCP server as an agent's host would. */
async function connect (url: string): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['src/main.ts', 'mcp', '--url', url],
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent' },
    stderr: 'pipe'
  })
  let stderr = ''
  transport.stderr?.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
  const client = new Client({ name: 'status-api-test', version: '1.0.0' })
  await client.connect(transport)
  return { client, stderr: () => stderr }
}

function textOf (result: CallToolResult): string {
  return result.content.map((part) => part.type === 'text' ? part.text : '').join('\n')
}

/** A fresh validator per schema: the listed schema and the TypeBox one carry the same $id. */
function assertValid (schema: object, value: unknown, label: string): void {
  const ajv = new Ajv({ strict: false, allErrors: true })
  addFormats.default(ajv)
  const validate = ajv.compile(schema)
  assert.ok(validate(value), `${label}: ${ajv.errorsText(validate.errors)}`)
}
const outputOf = (name: string): TSchema => tools.find((tool) => tool.name === name)!.output

describe('status-api mcp', { timeout: 120_000 }, () => {
  let platform: StatuspageServer
  let instance: AppProcess
  let mcp: Connected
  let listed: Awaited<ReturnType<Client['listTools']>>['tools']

  before(async () => {
    platform = await StatuspageServer.start()
    platform.behaviour = { kind: 'fixture', name: 'minor-incident' }
    const dataDir = tempDir({ after } as never)
    // An incident resolved and one still open, written before the instance starts, as the CLI would.
    const context = await openContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), { migrate: true })
    const now = Date.now()
    await openIncident(context.database.db, { title: 'Slow command replies', impact: 'minor', status: 'investigating', message: 'We are looking into slow replies.' }, now - 3_600_000)
    const old = await openIncident(context.database.db, { title: 'Bot offline', impact: 'major', status: 'identified', message: 'A deploy went wrong.' }, now - 86_400_000)
    await resolveIncident(context.database.db, old, 'Rolled back; all shards are connected.', now - 80_000_000)
    // Four shards in two clusters, reported just now (fresh for the instance's first probe round).
    for (const shard of [0, 1, 2, 3]) {
      await upsertBotHeartbeat(context.database, { shard_id: shard, status: 'ready', ping_ms: 40, guilds: 100, reported_at: new Date(now).toISOString(), cluster_id: shard < 2 ? 0 : 1 })
    }
    await context.close()
    instance = await startApp({ DATA_DIR: dataDir, DISCORD_STATUS_URL: platform.url })
    for (let i = 0; i < 100 && (await fetch(`${instance.url}/api/v1/health`)).status !== 200; i++) await sleep(50)
    mcp = await connect(instance.url)
    listed = (await mcp.client.listTools()).tools
  })

  after(async () => {
    await mcp?.client.close()
    await instance?.stop()
    await platform?.close()
  })

  it('lists six read-only, idempotent tools with input and output schemas', () => {
    assert.deepEqual(listed.map((tool) => tool.name).sort(), TOOL_NAMES)
    for (const tool of listed) {
      assert.equal(tool.annotations?.readOnlyHint, true, tool.name)
      assert.equal(tool.annotations?.idempotentHint, true, tool.name)
      assert.equal(tool.inputSchema.type, 'object', tool.name)
      assert.equal(tool.outputSchema?.type, 'object', tool.name)
      assert.ok((tool.description ?? '').length > 40, tool.name)
    }
    const uptime = listed.find((tool) => tool.name === 'get_uptime')!
    assert.deepEqual((uptime.inputSchema.properties as Record<string, { enum?: string[] }>).window?.enum, ['1d', '7d', '30d', '90d'])
    assert.match(mcp.stderr(), /serving tools for http:\/\/127\.0\.0\.1:\d+ on stdio/, 'logs go to stderr')
  })

  /** Calls a tool, expects success, and validates its structured content against both schemas. */
  async function call (name: string, args: Record<string, unknown> = {}): Promise<{ structured: Record<string, unknown>, text: string }> {
    const result = await mcp.client.callTool({ name, arguments: args }) as CallToolResult
    assert.notEqual(result.isError, true, `${name}: ${textOf(result)}`)
    assert.ok(result.structuredContent, `${name} has structured content`)
    assertValid(listed.find((tool) => tool.name === name)!.outputSchema!, result.structuredContent, `${name} against its listed output schema`)
    assertValid(jsonSchemaOf(outputOf(name)), result.structuredContent, `${name} against the TypeBox schema`)
    // MCP 2025-06-18: structured content SHOULD also come serialised as JSON in a text block; the prose follows it.
    const [json, prose, ...more] = result.content
    assert.ok(json?.type === 'text' && prose?.type === 'text' && more.length === 0, `${name}: a JSON text block, then the prose`)
    assert.deepEqual(JSON.parse(json.text), result.structuredContent, `${name}: the first text block is the structured content`)
    return { structured: result.structuredContent, text: prose.text }
  }

  it('get_status: the public status body unchanged, and sentences to quote', async () => {
    const { structured, text } = await call('get_status')
    const body = await (await fetch(`${instance.url}/api/v1/health/components`)).json() as { indicator: string, description: string, components: Array<{ id: string, status: string }> }
    const health = await (await fetch(`${instance.url}/api/v1/health`)).json() as { status: string, version: string }
    assert.equal(structured.indicator, body.indicator)
    assert.deepEqual((structured.components as typeof body.components).map((c) => [c.id, c.status]), body.components.map((c) => [c.id, c.status]))
    assert.match(text, new RegExp(`^Status: ${body.description} \\(indicator: ${body.indicator}\\)\\.`))
    assert.match(text, /\n- Database \(database\): operational \([\d.]+ ms\)/)
    assert.match(text, new RegExp(`Measured health: ${health.status}.*version ${health.version.replace(/\./g, '\\.')}\\.`))
  })

  it('get_uptime: each window, with its days', async () => {
    for (const window of ['1d', '7d', '30d', '90d']) {
      const { structured, text } = await call('get_uptime', { window })
      assert.equal(structured.window, window)
      assert.equal((structured.days as unknown[]).length, window === '1d' ? 0 : Number.parseInt(window, 10))
      assert.ok((structured.checks as number) >= 1, `${window}: the instance recorded a check`)
      assert.match(text, /^Uptime over the last (24 hours|\d+ days): 100 % \(\d+ of \d+ minutes recorded\)\./)
    }
    const byDefault = await call('get_uptime')
    assert.equal(byDefault.structured.window, '90d')
  })

  it('get_incidents: the open incident first, the resolved one after', async () => {
    const { structured, text } = await call('get_incidents')
    assert.deepEqual((structured.incidents as Array<{ title: string }>).map((incident) => incident.title), ['Slow command replies', 'Bot offline'])
    assert.match(text, /Active incidents \(1\):\n- "Slow command replies" \(minor impact, investigating, started [^)]+\): We are looking into slow replies\./)
    assert.match(text, /Resolved in the last 90 days \(1, newest first\):\n- "Bot offline"/)
  })

  it('get_platform_status: Discord\'s indicator and open incidents', async () => {
    const { structured, text } = await call('get_platform_status')
    assert.equal(structured.indicator, 'minor')
    assert.match(text, /^Discord: .+ \(indicator: minor\)\./)
    assert.match(text, /- Open incident: "/)
  })

  it('search_docs: English and German', async () => {
    const english = await call('search_docs', { query: 'rate limit' })
    assert.equal(english.structured.locale, 'en')
    assert.ok((english.structured.results as unknown[]).length > 0)
    assert.match(english.text, /^1\. .+ \(http:\/\/127\.0\.0\.1:\d+\/docs\//)
    const german = await call('search_docs', { query: 'Ratenbegrenzung', locale: 'de', limit: 2 })
    assert.equal(german.structured.locale, 'de')
    assert.ok((german.structured.results as unknown[]).length > 0 && (german.structured.results as unknown[]).length <= 2)
    assert.match(german.text, /\/de\/docs\//)
  })

  it('find_shard: a server ID or a message link', async () => {
    const byId = await call('find_shard', { server: '222078108977594368' })
    assert.equal(byId.structured.guildId, '222078108977594368')
    const shard = Number((222078108977594368n >> 22n) % 4n)
    assert.equal(byId.structured.shard, shard)
    assert.equal(byId.structured.cluster, shard < 2 ? 0 : 1)
    assert.equal(byId.structured.connected, true)
    const byLink = await call('find_shard', { server: 'https://discord.com/channels/222078108977594368/222079895583457280/1120000000000000000' })
    assert.equal(byLink.structured.shard, byId.structured.shard)
  })

  it('errors are tool errors: a bad window, a bad server, an API problem\'s detail, a missing route', async () => {
    const badWindow = await mcp.client.callTool({ name: 'get_uptime', arguments: { window: '2d' } }) as CallToolResult
    assert.equal(badWindow.isError, true)
    assert.match(textOf(badWindow), /window/)

    const badServer = await mcp.client.callTool({ name: 'find_shard', arguments: { server: 'my server' } }) as CallToolResult
    assert.equal(badServer.isError, true)
    assert.match(textOf(badServer), /^Give a server ID \(17–20 digits\) or a message link/)

    // The API answers 400 problem+json for a blank query: the tool error is its detail.
    const blank = await mcp.client.callTool({ name: 'search_docs', arguments: { query: '   ' } }) as CallToolResult
    assert.equal(blank.isError, true)
    assert.equal(textOf(blank), 'The query parameter "q" must not be blank and must be at most 200 characters once leading and trailing white space is trimmed.')

    // Still serving after errors.
    assert.equal((await mcp.client.callTool({ name: 'get_status' }) as CallToolResult).isError, undefined)
  })

  it('an unreachable base URL is one clear tool error, and the server stays up', async () => {
    const port = await freePort()
    const unreachable = await connect(`http://127.0.0.1:${port}`)
    try {
      assert.equal((await unreachable.client.listTools()).tools.length, 6, 'tools are listed without the API')
      for (let attempt = 0; attempt < 2; attempt++) {
        const result = await unreachable.client.callTool({ name: 'get_status' }) as CallToolResult
        assert.equal(result.isError, true)
        assert.equal(textOf(result), `Cannot reach the status API at http://127.0.0.1:${port} (ECONNREFUSED).`)
      }
      assert.doesNotMatch(unreachable.stderr(), /at .+\.ts:\d+/, 'no stack trace')
    } finally {
      await unreachable.client.close()
    }
  })

  it('a base URL without an API catalog (404) says so', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'application/problem+json' })
      response.end(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such page.' }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const notStatusApi = await connect(url)
    try {
      const result = await notStatusApi.client.callTool({ name: 'get_incidents' }) as CallToolResult
      assert.equal(result.isError, true)
      assert.match(textOf(result), new RegExp(`^${url.replace(/\./g, '\\.')} has no API catalog \\(/\\.well-known/api-catalog answered 404\\)`))
    } finally {
      await notStatusApi.client.close()
      server.close()
    }
  })

  it('an endless answer is cut off at the body limit, not read into memory', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x')
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' })
      const write = () => { while (!response.destroyed && response.write(chunk)); }
      response.on('drain', write)
      write()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const endless = await connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    try {
      const result = await endless.client.callTool({ name: 'get_status' }) as CallToolResult
      assert.equal(result.isError, true)
      assert.equal(textOf(result), '/.well-known/api-catalog answered with a body too large to read.')
    } finally {
      await endless.client.close()
      server.closeAllConnections()
      server.close()
    }
  })

  it('writes nothing but JSON-RPC messages to stdout', async () => {
    const { spawn } = await import('node:child_process')
    const child = spawn(process.execPath, ['src/main.ts', 'mcp', '--url', instance.url], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, LOG_LEVEL: 'trace' } })
    let stdout = ''
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString() })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`)
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_status', arguments: {} } })
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'get_uptime', arguments: { window: 'forever' } } })
    for (let i = 0; i < 200 && stdout.split('\n').filter(Boolean).length < 3; i++) await sleep(25)
    child.stdin.end()
    assert.equal(await exited, 0, 'exits when its input ends')
    const lines = stdout.split('\n').filter((line) => line !== '')
    assert.equal(lines.length, 3, stdout)
    for (const line of lines) assert.equal((JSON.parse(line) as { jsonrpc: string }).jsonrpc, '2.0')
  })

  it('refuses to start without --url, with exit code 2', async () => {
    const { spawnSync } = await import('node:child_process')
    const result = spawnSync(process.execPath, ['src/main.ts', 'mcp'], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } })
    assert.equal(result.status, 2)
    assert.equal(result.stdout, '')
    assert.match(result.stderr, /--url is required/)
  })
})

// `status-api mcp --url <base_url>`: a stdio MCP server over a running instance's public API. stdout carries the
// protocol only; every log line goes to stderr.
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { createStatusApi } from '../mcp/api-client.ts'
import { createMcpServer } from '../mcp/server.ts'
import { UsageError, type Command } from './command.ts'

/** How long the server waits for the instance's description to learn the product's name before it starts. */
const NAME_WAIT_MS = 2000

export const mcpCommand: Command = {
  name: 'mcp',
  usage: `status-api mcp --url BASE_URL

Runs a Model Context Protocol server on stdin/stdout for an AI agent. It finds the API through
BASE_URL/.well-known/api-catalog and offers read-only tools: get_status, get_uptime, get_incidents,
get_platform_status, find_shard and search_docs. BASE_URL is the public address of a status-api instance,
e.g. https://status.example.com. Log lines go to stderr.`,
  async run (args) {
    let values: { url?: string }
    try {
      values = parseArgs({ args, options: { url: { type: 'string' } }, strict: true }).values
    } catch (error) {
      throw new UsageError(`mcp: ${(error as Error).message.split('\n')[0]}`)
    }
    if (values.url === undefined) throw new UsageError('mcp: --url is required (the public base URL of a status-api instance)')
    let baseUrl: URL
    try {
      baseUrl = new URL(values.url)
    } catch {
      throw new UsageError('mcp: --url must be an absolute URL such as https://status.example.com')
    }
    if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') throw new UsageError('mcp: --url must be an http or https URL')

    const log = (message: string) => process.stderr.write(`status-api mcp: ${message}\n`)
    const api = createStatusApi(baseUrl)
    // The product's name for the server's name and description. A service that is down or slow (2 s at most, so the
    // agent's host is never kept waiting) leaves them neutral; the tools discover the API again on their first call.
    const productName = await Promise.race([api.productName().catch(() => undefined), sleep(NAME_WAIT_MS, undefined, { ref: false })])
    const server = createMcpServer(api, log, productName)
    const transport = new StdioServerTransport()
    await server.connect(transport)
    const closed = new Promise<void>((resolve) => { server.server.onclose = resolve })
    process.stdin.once('end', () => { void server.close() })
    log(`serving tools for ${baseUrl.origin} on stdio`)
    await closed
    return 0
  }
}

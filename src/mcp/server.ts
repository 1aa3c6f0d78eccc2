// The stdio MCP server: the tools of tools.ts on the official SDK's McpServer, every one read-only and idempotent.
// A result is its structured JSON, also as the first text block, then prose. A failed call is a tool error (isError) carrying the API's problem detail or one sentence about reachability.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { VERSION } from '../monitor/version.ts'
import { ApiProblem, ApiUnavailable, type StatusApi } from './api-client.ts'
import { zodOf } from './schemas.ts'
import { tools } from './tools.ts'

/**
 * The server's name and description follow the product the instance names (`productName`, from its OpenAPI
 * description: "Acme status", `acme-status`); without one they are the neutral "Status API".
 */
export function createMcpServer (api: StatusApi, log: (message: string) => void, productName?: string): McpServer {
  const slug = productName?.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
  const identity = productName === undefined
    ? { name: 'status-api', title: 'Status API' }
    : { name: slug === undefined || slug === '' ? 'status-api' : `${slug}-status`, title: `${productName} status` }
  const server = new McpServer({ ...identity, version: VERSION }, {
    instructions: `Read-only tools over the public status API${productName === undefined ? '' : ` of ${productName}`} at ${api.baseUrl.origin}: whether ${productName ?? 'the product'} is up ` +
      '(get_status), uptime (get_uptime), incidents and maintenance (get_incidents), Discord\'s own status ' +
      '(get_platform_status), whether the shard of a Discord server is connected (find_shard), and the documentation (search_docs).'
  })
  for (const tool of tools) {
    server.registerTool(tool.name, {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: zodOf(tool.output),
      annotations: { title: tool.title, readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: true }
    }, async (args: Record<string, unknown>): Promise<CallToolResult> => {
      try {
        const result = await tool.run(api, args)
        // MCP 2025-06-18: a tool returning structured content SHOULD also return it serialised as JSON in a text block,
        // for clients that read only text; the sentences to quote follow in a block of their own.
        return { content: [{ type: 'text', text: JSON.stringify(result.structured) }, { type: 'text', text: result.text }], structuredContent: result.structured }
      } catch (error) {
        if (error instanceof ApiProblem || error instanceof ApiUnavailable) {
          log(`${tool.name}: ${error.message}`)
          return { content: [{ type: 'text', text: error.message }], isError: true }
        }
        // A body of another shape (another service, or another version): the program's own error stays in the log.
        log(`${tool.name}: unexpected error: ${(error as Error).message}`)
        return {
          content: [{ type: 'text', text: `The status API at ${api.baseUrl.origin} answered with a body ${tool.name} cannot read: it does not have the shape of a status-api answer (another service, or an incompatible version?).` }],
          isError: true
        }
      }
    })
  }
  return server
}

// The body of GET /api/v1/health/shards/{guildId}: which bot shard serves a server (DESIGN §9 "Shards").
// Minimal stand-in on this branch for the MCP tool find_shard; the shards route's branch (issue 16) owns this file.
import { Type, type Static } from 'typebox'

export const ShardLookupBody = Type.Object({
  guildId: Type.String({ pattern: '^[0-9]{17,20}$', description: 'The server (guild) ID asked about.' }),
  shard: Type.Integer({ minimum: 0, description: 'The shard serving it: (guildId >> 22) % total shards.' }),
  cluster: Type.Integer({ minimum: 0, description: 'The cluster that shard belongs to (0 when no clusters are reported).' }),
  status: Type.String({ description: 'The shard\'s last reported status (`ready`, `connecting`, …).' }),
  connected: Type.Boolean({ description: 'Whether the shard is connected: ready and reported recently.' })
}, {
  $id: 'ShardLookup',
  title: 'ShardLookup',
  additionalProperties: false,
  examples: [{ guildId: '222078108977594368', shard: 5, cluster: 1, status: 'ready', connected: true }]
})
export type ShardLookupBody = Static<typeof ShardLookupBody>

// The MCP tools' output schemas: the API's own TypeBox schemas (src/api/), plus the uptime of one window built from
// the history's pieces; and the one bridge the SDK needs — it takes zod, so each JSON Schema goes through
// zod's fromJSONSchema (tools/list then shows zod's rendering of the same schema).
import { Type, type Static, type TSchema } from 'typebox'
import { z } from 'zod'
import { DailyUptime } from '../api/health.ts'

export const UptimeWindowBody = Type.Object({
  window: Type.Union([Type.Literal('1d'), Type.Literal('7d'), Type.Literal('30d'), Type.Literal('90d')], { description: '1d: the last 24 hours; 7d, 30d, 90d: whole UTC days, today included.' }),
  percent: Type.Union([Type.Number({ minimum: 0, maximum: 100 }), Type.Null()], { description: 'Share of recorded minute checks that were up (ok or degraded); null when none were recorded.' }),
  checks: Type.Integer({ minimum: 0, description: 'Minute checks recorded in the window.' }),
  expectedChecks: Type.Integer({ minimum: 0, description: 'Minutes the window had so far; the gap to checks is time nothing was recorded.' }),
  generatedAt: Type.String({ format: 'date-time', description: 'When the history these figures come from was computed.' }),
  days: Type.Array(DailyUptime, { description: 'The days of the window, oldest first (empty for 1d).' })
}, { $id: 'UptimeWindow', title: 'UptimeWindow', additionalProperties: false })
export type UptimeWindowBody = Static<typeof UptimeWindowBody>

/** A TypeBox schema as plain JSON Schema (TypeBox keeps symbols and functions on its objects). */
export function jsonSchemaOf (schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema)) as Record<string, unknown>
}

/** The SDK's outputSchema from a TypeBox schema. */
export function zodOf (schema: TSchema): z.ZodType {
  return z.fromJSONSchema(jsonSchemaOf(schema) as Parameters<typeof z.fromJSONSchema>[0])
}

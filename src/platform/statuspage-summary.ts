// The fields of an Atlassian Statuspage v2 summary.json that we use, as a schema the fetched body must pass.
// Other fields may be present and are ignored; a missing or mistyped field we use makes the body invalid.
import { Type, type Static } from 'typebox'
import { validatorOnUse } from '../lib/validator-on-use.ts'

const Text = (maxLength: number) => Type.String({ maxLength })
const Timestamp = Type.String({ maxLength: 64 })
const optionalNullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]))

export const StatuspageComponentStatus = Type.Union([
  Type.Literal('operational'), Type.Literal('degraded_performance'), Type.Literal('partial_outage'),
  Type.Literal('major_outage'), Type.Literal('under_maintenance')
])

const Component = Type.Object({
  id: Text(64),
  name: Text(500),
  status: StatuspageComponentStatus,
  position: optionalNullable(Type.Number()),
  group: Type.Optional(Type.Boolean()),
  group_id: optionalNullable(Text(64)),
  only_show_if_degraded: Type.Optional(Type.Boolean())
})

const Incident = Type.Object({
  name: Text(1000),
  status: Type.Union([
    Type.Literal('investigating'), Type.Literal('identified'), Type.Literal('monitoring'), Type.Literal('resolved'), Type.Literal('postmortem')
  ]),
  impact: Type.Union([Type.Literal('none'), Type.Literal('minor'), Type.Literal('major'), Type.Literal('critical'), Type.Literal('maintenance')]),
  shortlink: optionalNullable(Text(2000)),
  created_at: Timestamp,
  started_at: optionalNullable(Timestamp),
  updated_at: optionalNullable(Timestamp)
})

export const StatuspageSummary = Type.Object({
  page: Type.Object({
    url: Text(2000),
    updated_at: Timestamp
  }),
  status: Type.Object({
    // Statuspage documents none to critical; pages in a maintenance window answer `maintenance`.
    indicator: Type.Union([Type.Literal('none'), Type.Literal('minor'), Type.Literal('major'), Type.Literal('critical'), Type.Literal('maintenance')]),
    description: Text(500)
  }),
  components: Type.Array(Component, { maxItems: 2000 }),
  incidents: Type.Array(Incident, { maxItems: 500 })
})
export type StatuspageSummary = Static<typeof StatuspageSummary>
export type StatuspageComponent = Static<typeof Component>
export type StatuspageIncident = Static<typeof Incident>

export const statuspageSummaryValidator = validatorOnUse(StatuspageSummary)

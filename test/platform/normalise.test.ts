// Normalisation of real-shaped Statuspage summaries into the PlatformStatusBody (docs/en/api.md#discord).
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { Compile } from 'typebox/compile'
import { PlatformStatusBody } from '../../src/api/platform-status.ts'
import { normaliseSummary } from '../../src/platform/normalise.ts'
import { statuspageSummaryValidator, type StatuspageSummary } from '../../src/platform/statuspage-summary.ts'
import { UpstreamError } from '../../src/platform/upstream-error.ts'
import { fixture, type Fixture } from './statuspage-server.ts'

const fetchedAt = new Date('2026-11-21T12:00:00.000Z')
const bodyValidator = Compile(PlatformStatusBody)
const summaryValidator = await statuspageSummaryValidator()

function load (name: Fixture): StatuspageSummary {
  const parsed: unknown = JSON.parse(fixture(name))
  assert.ok(summaryValidator.Check(parsed), `${name} passes the upstream schema`)
  return parsed
}

function normalised (name: Fixture) {
  const value = { ...normaliseSummary(load(name), fetchedAt), stale: false }
  assert.ok(bodyValidator.Check(value), `${name} normalises to a valid PlatformStatusBody: ${JSON.stringify(bodyValidator.Errors(value)[0])}`)
  return value
}

const VOICE_REGIONS = ['South Korea', 'Brazil', 'Hong Kong', 'India', 'Japan', 'Rotterdam', 'Singapore', 'South Africa', 'Sydney', 'US Central', 'US East', 'US South', 'US West']

describe('normalising a Statuspage summary', () => {
  it('operational: indicator, page, every component flattened in page order, no incidents', () => {
    const value = normalised('operational')
    assert.equal(value.indicator, 'none')
    assert.equal(value.description, 'All Systems Operational')
    assert.equal(value.pageUrl, 'https://discordstatus.com')
    assert.equal(value.updatedAt, '2026-11-21T11:58:11.402Z', 'the page time, converted to UTC')
    assert.equal(value.fetchedAt, '2026-11-21T12:00:00.000Z')
    assert.deepEqual(value.incidents, [])
    assert.deepEqual(value.components.map((c) => c.name), [
      'API', 'Media Proxy', 'Push Notifications', 'Search',
      ...VOICE_REGIONS.map((region) => `Voice: ${region}`),
      'Third-party: Cloudflare', 'Third-party: Google Cloud Platform'
    ], 'groups give way to their children; the only-when-degraded component is hidden while operational')
    assert.ok(value.components.every((c) => c.status === 'operational'))
  })

  it('minor incident: the degraded component and the incident with its latest status and short link', () => {
    const value = normalised('minor-incident')
    assert.equal(value.indicator, 'minor')
    assert.equal(value.description, 'Minor Service Outage')
    assert.deepEqual(value.components.find((c) => c.name === 'Media Proxy'), { name: 'Media Proxy', status: 'degraded_performance' })
    assert.deepEqual(value.incidents, [{
      name: 'Images and attachments are loading slowly',
      status: 'identified',
      impact: 'minor',
      url: 'https://stspg.io/x0m4cb',
      startedAt: '2026-11-21T11:41:08.118Z',
      updatedAt: '2026-11-21T11:55:30.871Z'
    }])
  })

  it('major outage: every unresolved incident, outages, and the only-when-degraded component now shown', () => {
    const value = normalised('major-outage')
    assert.equal(value.indicator, 'critical')
    assert.deepEqual(value.incidents.map((i) => [i.name, i.status, i.impact]), [
      ['Discord is unavailable for many users', 'investigating', 'critical'],
      ['Voice connection issues in US East', 'monitoring', 'major']
    ])
    const status = (name: string) => value.components.find((c) => c.name === name)?.status
    assert.equal(status('API'), 'major_outage')
    assert.equal(status('Push Notifications'), 'major_outage')
    assert.equal(status('Voice: US East'), 'partial_outage')
    assert.equal(status('Voice: US West'), 'operational')
    assert.equal(status('Tax Calculation Service'), 'partial_outage')
    assert.equal(status('Voice'), undefined, 'the group itself is not repeated')
  })

  it('under maintenance: the maintenance indicator and the component under maintenance; maintenance windows are not incidents', () => {
    const value = normalised('under-maintenance')
    assert.equal(value.indicator, 'maintenance')
    assert.equal(value.description, 'Service Under Maintenance')
    assert.deepEqual(value.components.find((c) => c.name === 'Search'), { name: 'Search', status: 'under_maintenance' })
    assert.deepEqual(value.incidents, [])
  })

  it('keeps a group without listed children, and a child whose group is missing, under their own names', () => {
    const summary = load('operational')
    summary.components = [
      { id: 'g1', name: 'Gateway', status: 'partial_outage', group: true, position: 2 },
      { id: 'c1', name: 'Lonely child', status: 'operational', group_id: 'missing', position: 1 }
    ]
    assert.deepEqual(normaliseSummary(summary, fetchedAt).components, [
      { name: 'Lonely child', status: 'operational' },
      { name: 'Gateway', status: 'partial_outage' }
    ])
  })

  it('leaves out resolved incidents, falls back to created_at, and drops a short link that is not http(s)', () => {
    const summary = load('minor-incident')
    const [incident] = summary.incidents
    assert.ok(incident)
    summary.incidents = [
      { ...incident, status: 'resolved' },
      { ...incident, name: 'No extras', started_at: null, updated_at: undefined, shortlink: 'javascript:alert(1)' }
    ]
    assert.deepEqual(normaliseSummary(summary, fetchedAt).incidents, [{
      name: 'No extras', status: 'identified', impact: 'minor', url: null,
      startedAt: '2026-11-21T11:41:08.118Z', updatedAt: '2026-11-21T11:41:08.118Z'
    }])
  })

  it('rejects a page URL that is not http(s) and a timestamp that is not one, as an invalid body', () => {
    const badUrl = load('operational')
    badUrl.page.url = 'javascript:alert(1)'
    assert.throws(() => normaliseSummary(badUrl, fetchedAt), (error) => error instanceof UpstreamError && error.reason === 'invalid_body')
    const badTime = load('operational')
    badTime.page.updated_at = '5'
    assert.throws(() => normaliseSummary(badTime, fetchedAt), (error) => error instanceof UpstreamError && error.reason === 'invalid_body')
  })
})

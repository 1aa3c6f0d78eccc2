// The status file's `maintenance:` series: the editors' JSON Schema and the loader accept them, and `config check`
// refuses a bad one in one line naming its key, with the operator doors' own rules (rule, zone, duration, components,
// the clocks' gap, overlaps).
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { parse } from 'yaml'
import { statusFileJsonSchema } from '../../src/declaration/file-schema.ts'
import { loadStatusFile } from '../../src/declaration/status-file.ts'
import { runOnEnvironment } from '../cli/run-bin.ts'
import { tempDir } from '../helper.ts'

const COMPONENTS = 'components:\n  - { id: bot, builtin: bot }\n  - { id: music, name: Music, check: { manual: true } }\n'
const SERIES = `maintenance:
  - id: nightly-restart
    title: Nightly restart
    message: The bots restart; commands pause for a minute.
    rrule: FREQ=WEEKLY;BYDAY=SU
    start: "03:00"
    timezone: Europe/Berlin
    duration: 1h
    components: [bot]
    remind: 30m
  - id: month-end
    title: Reports
    message: Reports are rebuilt.
    rrule: FREQ=MONTHLY;BYMONTHDAY=31
    start: 2027-01-31T01:00
    duration: 90m
    remind: 0
`

describe('maintenance series in the status file', () => {
  it('are read as declared (the zone, durations and reminders in their forms) and the editors\' schema accepts them', (t) => {
    const file = path.join(tempDir(t), 'status.yaml')
    writeFileSync(file, COMPONENTS + SERIES)
    const declared = loadStatusFile(file, {}).maintenance
    assert.deepEqual(declared, [
      { id: 'nightly-restart', title: 'Nightly restart', message: 'The bots restart; commands pause for a minute.', rrule: 'FREQ=WEEKLY;BYDAY=SU', start: '03:00', timeZone: 'Europe/Berlin', durationMs: 3_600_000, remindMinutes: 30, components: ['bot'] },
      { id: 'month-end', title: 'Reports', message: 'Reports are rebuilt.', rrule: 'FREQ=MONTHLY;BYMONTHDAY=31', start: '2027-01-31T01:00', timeZone: 'UTC', durationMs: 5_400_000, remindMinutes: 0, components: [] }
    ])
    const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true })
    ajv.addKeyword('patternErrorMessage')
    const validate = ajv.compile(statusFileJsonSchema())
    const document = parse(COMPONENTS + SERIES) as { maintenance: Array<Record<string, unknown>> }
    assert.ok(validate(document), JSON.stringify(validate.errors))
    document.maintenance[0]!.every = 'week'
    assert.equal(validate(document), false, 'an unknown key is marked')
  })

  it('config check counts them in its one line', async (t) => {
    const file = path.join(tempDir(t), 'status.yaml')
    writeFileSync(file, COMPONENTS + SERIES)
    const result = await runOnEnvironment({}, ['config', 'check', file])
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /; 2 maintenance series\n$/)
  })

  it('config check refuses a bad series in one line naming its key', async (t) => {
    const dir = tempDir(t)
    const one = (lines: string) => `${COMPONENTS}maintenance:\n  - id: s\n    title: T\n    message: M\n${lines}`
    const cases: Array<[string, string]> = [
      [one('    rrule: every sunday\n    start: "03:00"\n    duration: 1h\n'), 'maintenance[0].rrule: "every sunday" is not a recurrence rule; use an RFC 5545 rule such as FREQ=WEEKLY;BYDAY=SU'],
      [one('    rrule: FREQ=SECONDLY\n    start: "03:00"\n    duration: 1h\n'), 'maintenance[0].rrule: FREQ=SECONDLY is not supported; use DAILY, WEEKLY or MONTHLY'],
      [one('    rrule: FREQ=DAILY\n    start: "03:00"\n    timezone: Mars/Base\n    duration: 1h\n'), 'maintenance[0].timezone: "Mars/Base" is not a time zone; use an IANA name such as Europe/Berlin, America/New_York or UTC'],
      [one('    rrule: FREQ=DAILY\n    start: "03:00"\n    duration: 0s\n'), 'maintenance[0].duration: must be at least 1m'],
      [one('    rrule: FREQ=WEEKLY\n    start: "03:00"\n    duration: 169h\n'), 'maintenance[0].duration: must be at most 7 days (168h)'],
      [one('    rrule: FREQ=DAILY\n    start: "03:00"\n    duration: 25h\n'), 'maintenance[0].duration: occurrences would overlap'],
      [one('    rrule: FREQ=DAILY\n    start: "02:30"\n    timezone: Europe/Berlin\n    duration: 1h\n'), 'maintenance[0].rrule: '],
      [one('    rrule: FREQ=DAILY\n    start: 2027-03-28T02:30\n    timezone: Europe/Berlin\n    duration: 1h\n'), 'maintenance[0].start: 2027-03-28T02:30 does not exist in Europe/Berlin (the clocks skip that hour); choose another time'],
      [one('    rrule: FREQ=DAILY\n    start: "3am"\n    duration: 1h\n'), 'maintenance[0].start: must be a local time such as 03:00, or a first start such as 2026-12-06T03:00'],
      [one('    rrule: FREQ=DAILY\n    start: "03:00"\n    duration: 1h\n    components: [nope]\n'), 'maintenance[0].components[0]: "nope" is not a declared component (declared: bot, music)'],
      [one('    rrule: FREQ=DAILY\n    start: "03:00"\n    duration: 1h\n') + '  - { id: s, title: T, message: M, rrule: FREQ=DAILY, start: "04:00", duration: 1h }\n', 'maintenance[1].id: is already the id of maintenance[0]']
    ]
    for (const [index, [text, line]] of cases.entries()) {
      const file = path.join(dir, `status-${index}.yaml`)
      writeFileSync(file, text)
      const result = await runOnEnvironment({}, ['config', 'check', file])
      assert.equal(result.code, 1, `${line}: ${result.stdout}`)
      assert.equal(result.stderr.split('\n').filter((l) => l !== '').length, 1, result.stderr)
      assert.ok(result.stderr.startsWith(`${file}: ${line}`), `${result.stderr} should start with ${line}`)
    }
  })
})

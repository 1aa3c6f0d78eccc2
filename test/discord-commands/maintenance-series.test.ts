// `/maintenance schedule` with `repeat` and `timezone`: a series in its zone through the same operation as the CLI and
// the API, its refusals naming the options (in German too), and time zones autocompleted from the runtime's list.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { content, discordSetup } from './setup.ts'

const DAY = 86_400_000
const tomorrowIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(Date.now() + DAY)

describe('/maintenance schedule with repeat and timezone', () => {
  it('schedules a series at 03:00 Berlin, answered with the series and its first occurrence', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const day = tomorrowIn('Europe/Berlin')
    const answer = content(await send(standIn.command('maintenance', 'schedule', {
      title: 'Nightly restart', message: 'Bots restart.', from: `${day}T03:00`, to: `${day}T04:00`, repeat: 'FREQ=WEEKLY;BYDAY=SU,WE', timezone: 'Europe/Berlin', components: 'bot'
    })))
    const match = /^Maintenance series (ms-[0-9a-f]{8}) \(FREQ=WEEKLY;BYDAY=SU,WE, Europe\/Berlin\) scheduled; its first occurrence: Maintenance (\d+) scheduled from <t:\d+:f> to <t:\d+:f>\. https:\/\/status\.example\.com\/status\/maintenance\/\d+$/.exec(answer)
    assert.ok(match !== null, answer)
    const rows = await setup.context.database.db.selectFrom('maintenances').select(['starts_at', 'ends_at', 'series_id', 'by']).orderBy('starts_at').execute()
    assert.ok(rows.length >= 4, 'two a week for at least 14 days')
    for (const row of rows) {
      assert.equal(row.series_id, match[1])
      assert.equal(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(Date.parse(row.starts_at)), '03:00')
      assert.equal(Date.parse(row.ends_at) - Date.parse(row.starts_at), 3_600_000)
    }
    assert.match(rows[0]!.by ?? '', /discord/i)
  })

  it('refuses a bad rule or zone naming the option (wiederholen, zeitzone in German); nothing written', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const base = { title: 'Restart', message: 'm', from: '2027-01-03T03:00', to: '2027-01-03T04:00', timezone: 'Europe/Berlin' }
    assert.equal(content(await send(standIn.command('maintenance', 'schedule', { ...base, repeat: 'FREQ=SECONDLY' }))), 'repeat: FREQ=SECONDLY is not supported; use DAILY, WEEKLY or MONTHLY')
    assert.match(content(await send(standIn.command('maintenance', 'schedule', { ...base, repeat: 'FREQ=WEEKLY', timezone: 'Mars/Base' }))), /^timezone "Mars\/Base" is not a time zone/)
    assert.match(content(await send(standIn.command('maintenance', 'schedule', { ...base, repeat: 'FREQ=WEEKLY', timezone: 'Mars/Base' }, { locale: 'de' }))), /^zeitzone "Mars\/Base" ist keine Zeitzone; verwende einen IANA-Namen/)
    assert.match(content(await send(standIn.command('maintenance', 'schedule', { ...base, from: '2027-03-28T02:30', to: '2027-03-28T03:30', repeat: 'FREQ=MONTHLY;BYDAY=-1SU' }))), /^from: 2027-03-28T02:30 does not exist in Europe\/Berlin/)
    assert.equal((await setup.context.database.db.selectFrom('maintenances').select('id').execute()).length, 0)
    assert.equal((await setup.context.database.db.selectFrom('maintenance_series').select('id').execute()).length, 0)
  })

  it('autocompletes time zones from the runtime\'s list: UTC first, any part of the name, at most 25', async (t) => {
    const setup = await discordSetup(t)
    const { standIn, send } = setup
    const choices = async (typed: string) => {
      const sent = await send(standIn.command('maintenance', 'schedule', { timezone: typed }, {}, 'timezone'))
      assert.equal(sent.body.type, 8)
      return (sent.body.data as { choices: Array<{ name: string, value: string }> }).choices
    }
    const all = await choices('')
    assert.equal(all.length, 25)
    assert.equal(all[0]!.value, 'UTC')
    assert.deepEqual((await choices('berlin')).map((c) => c.value), ['Europe/Berlin'])
    assert.ok((await choices('new york')).some((c) => c.value === 'America/New_York'), 'a space typed for the underscore')
    assert.ok((await choices('america/')).every((c) => c.value.startsWith('America/')))
    assert.deepEqual(await choices('nowhere'), [])
  })
})

// The one link builder (src/view/status-links.js): the site's paths in both languages under any GERMAN_PREFIX, the
// absolute addresses built on them, and the notifications' links (English pages) made by it.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { linksFor } from '../../src/notify/links.ts'
import {
  componentHref, historyHref, incidentHref, incidentUrl, latencyImageHref, localPath, maintenanceHref, maintenanceUrl, statusHref,
  statusPathOf, statusUrl
} from '../../src/view/status-links.js'

describe('the link builder', () => {
  it('puts a path below the German prefix in German, and leaves it in English', () => {
    assert.equal(localPath('en', '/status'), '/status')
    assert.equal(localPath('de', '/status'), '/de/status')
    assert.equal(localPath('de', '/', '/de-at'), '/de-at')
    assert.equal(statusPathOf('de', '/de-at'), '/de-at/status')
  })

  it('hangs the pages below the status page of the text\'s language, English without one', () => {
    const german = { statusPath: statusPathOf('de', '/de-at') }
    assert.equal(statusHref({}), '/status')
    assert.equal(incidentHref(german, 7), '/de-at/status/incidents/7')
    assert.equal(maintenanceHref({}, 3), '/status/maintenance/3')
    assert.equal(componentHref(german, 'voice eu'), '/de-at/status/components/voice%20eu')
    assert.equal(historyHref(german, 1), '/de-at/status/history')
    assert.equal(historyHref({}, 2), '/status/history?page=2')
    assert.equal(latencyImageHref('voice eu'), '/status/components/voice%20eu/latency.svg')
  })

  it('builds absolute addresses as the base URL and a path', () => {
    const site = { baseUrl: 'https://status.example.com', germanPrefix: '/de-at' }
    assert.equal(statusUrl(site, 'en'), 'https://status.example.com/status')
    assert.equal(incidentUrl(site, 'de', 7), 'https://status.example.com/de-at/status/incidents/7')
    assert.equal(maintenanceUrl(site, 'en', 3), 'https://status.example.com/status/maintenance/3')
  })

  it('makes the notifications\' links, to the English pages', () => {
    const base = new URL('https://status.example.com/ignored/path')
    assert.deepEqual(linksFor(base, 'incident:7'), { status: 'https://status.example.com/status', incident: 'https://status.example.com/status/incidents/7' })
    assert.deepEqual(linksFor(base, 'maintenance:3'), { status: 'https://status.example.com/status', maintenance: 'https://status.example.com/status/maintenance/3' })
    assert.deepEqual(linksFor(base, 'status'), { status: 'https://status.example.com/status' })
  })
})

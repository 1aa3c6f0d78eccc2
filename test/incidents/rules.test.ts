// The checks of operator input: text limits, control characters, vocabularies and ids.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { TEXT_LIMITS, checkId, checkImpact, checkMessage, checkStatus, checkTitle } from '../../src/incidents/rules.ts'

describe('incident input rules', () => {
  it('keeps text verbatim: markup, quotes, emoji and edge spaces', () => {
    const title = ' <img src=x onerror=alert(1)> "DB" & ünïcode 🚑 '
    assert.equal(checkTitle('--title', title), title)
    const message = 'line one\nline two\r\n\ttabbed </script>'
    assert.equal(checkMessage('--message', message), message)
  })

  it('counts characters, not bytes or UTF-16 units, against the limits', () => {
    assert.equal(checkTitle('--title', '🚑'.repeat(TEXT_LIMITS.title)).length, TEXT_LIMITS.title * 2)
    assert.throws(() => checkTitle('--title', 'x'.repeat(TEXT_LIMITS.title + 1)), { message: '--title is 201 characters long; at most 200 are allowed' })
    assert.equal(checkMessage('--message', 'ü'.repeat(TEXT_LIMITS.message)).length, TEXT_LIMITS.message)
    assert.throws(() => checkMessage('--message', 'x'.repeat(TEXT_LIMITS.message + 1)), { message: /at most 5000/ })
  })

  it('refuses missing, blank, multi-line titles and control characters', () => {
    assert.throws(() => checkTitle('--title', undefined), { message: '--title is required' })
    assert.throws(() => checkTitle('--title', ' \t '), { message: '--title must not be empty' })
    assert.throws(() => checkTitle('--title', 'a\nb'), { message: /single line/ })
    assert.throws(() => checkMessage('--message', 'nul\u0000'), { message: /control characters/ })
    assert.throws(() => checkMessage('--message', 'escape \u001b[31mred'), { message: /control characters/ })
    assert.throws(() => checkMessage('--message', 'half \ud83d'), { message: /not valid Unicode/ })
  })

  it('accepts only the status and impact vocabularies', () => {
    assert.equal(checkStatus('--status', 'monitoring'), 'monitoring')
    assert.equal(checkImpact('--impact', 'critical'), 'critical')
    assert.throws(() => checkStatus('--status', 'Resolved'), { message: '--status must be one of investigating, identified, monitoring, resolved (got "Resolved")' })
    assert.throws(() => checkImpact('--impact', 'huge'), { message: /^--impact must be one of none, minor, major, critical/ })
    assert.throws(() => checkImpact('--impact', undefined), { message: /^--impact is required/ })
  })

  it('accepts ids that can name a row and nothing else', () => {
    assert.equal(checkId('incident', '7'), 7)
    assert.equal(checkId('incident', '2147483647'), 2147483647)
    for (const bad of ['0', '-1', '1.5', '1e3', 'abc', '', ' 7', '2147483648', '99999999999']) {
      assert.throws(() => checkId('incident', bad), { message: /^".*" is not a valid incident id \(a positive whole number\)$/ }, bad)
    }
    assert.throws(() => checkId('incident', undefined), { message: 'the incident id is missing' })
  })
})

// Every Discord answer within its 2,000 characters: a list shows the items that fit, whole, and says how many are left;
// the last guard cuts any other long text at a space or line break outside a mention.
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { fitList, MAX_CONTENT, messageData, withinLimit } from '../../src/discord-commands/answer.ts'

const more = (count: number) => `and ${count} more`

describe('answers within Discord\'s limit', () => {
  it('fitList keeps what fits and says how many are left', () => {
    const frame = (list: string) => `Channels:\n${list}\nThat is all.`
    assert.equal(fitList(frame, ['a', 'b'], '\n', more), 'Channels:\na\nb\nThat is all.')
    const items = Array.from({ length: 500 }, (_, i) => `<#${1_500_000_000_000_000_000n + BigInt(i)}>`)
    const text = fitList(frame, items, '\n', more)
    assert.ok(text.length <= MAX_CONTENT, `${text.length}`)
    const lines = text.split('\n')
    assert.equal(lines.at(-1), 'That is all.')
    const left = Number(/^and (\d+) more$/.exec(lines.at(-2)!)![1])
    const shown = lines.slice(1, -2)
    assert.deepEqual(shown, items.slice(0, shown.length))
    assert.equal(shown.length + left, 500)
    // As many as fit: one more would not.
    assert.ok(frame([...items.slice(0, shown.length + 1), more(left - 1)].join('\n')).length > MAX_CONTENT)
    // An item longer than the whole room: none shown, only the count.
    assert.equal(fitList((list) => `x ${list}`, ['y'.repeat(3000)], ', ', more), 'x and 1 more')
    assert.equal(fitList((list) => list, ['aa', 'bb', 'cc', 'dd', 'ee'], ', ', more, 14), 'aa, and 4 more')
  })

  it('withinLimit never cuts inside a mention, and every answer passes through it', () => {
    const mentions = Array.from({ length: 200 }, (_, i) => `<#${1_500_000_000_000_000_000n + BigInt(i)}>`).join(' ')
    const cut = withinLimit(mentions)
    assert.ok(cut.length <= MAX_CONTENT)
    assert.ok(cut.endsWith('>…'), cut.slice(-30))
    assert.equal((cut.match(/</g) ?? []).length, (cut.match(/>/g) ?? []).length, 'every mention whole')
    assert.equal(withinLimit('short'), 'short')
    assert.equal((messageData({ content: 'x '.repeat(3000) }).content as string).length <= MAX_CONTENT, true)
  })
})

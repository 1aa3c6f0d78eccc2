// What the commands answer in each shipped language (the interaction's locale), from the `discord` section of
// src/locales/<tag>.json. Refusals of the operations themselves are the CLI's words (./refusals.ts translates them);
// these are the commands' own sentences.
import { WORDS as LOCALES, message, type LanguageTag } from '../view/locale-words.js'

const when = (ms: number) => `<t:${Math.floor(ms / 1000)}:f>`

/** The commands' words in one language: plain sentences as they are, a function for each one with placeholders. */
function wordsOf (tag: LanguageTag) {
  const { commands, refusals: _refusals, ...words } = LOCALES[tag].discord
  const m = (key: keyof typeof words, params: Record<string, unknown>) => message(tag, words[key], params)
  // A value the user chose, by its name in the command's menu; English answers show the value itself, as the CLI does.
  const named = (group: 'impact' | 'status' | 'componentStatus', value: string) =>
    tag === 'en' ? value : (commands[group] as Record<string, string>)[value] ?? value
  return {
    ...words,
    opened: (id: number, impact: string, status: string) => m('opened', { id, impact: named('impact', impact), status: named('status', status) }),
    updated: (id: number, status: string) => m('updated', { id, status: named('status', status) }),
    resolved: (id: number) => m('resolved', { id }),
    scheduled: (id: number, from: number, to: number) => m('scheduled', { id, from: when(from), to: when(to) }),
    seriesScheduled: (series: string, rule: string, timeZone: string) => m('seriesScheduled', { series, rule, timeZone }),
    ended: (id: number) => m('ended', { id }),
    cancelled: (id: number) => m('cancelled', { id }),
    componentSet: (id: string, status: string) => m('componentSet', { id, status: named('componentStatus', status) }),
    componentCleared: (id: string) => m('componentCleared', { id }),
    updateTitle: (id: number) => m('updateTitle', { id }),
    moreOpenIncidents: (count: number) => m('moreOpenIncidents', { count }),
    unknownComponents: (unknown: string, declared: string) => m('unknownComponents', { unknown, declared }),
    quoted: (id: string) => m('quoted', { id }),
    andMore: (count: number) => m('andMore', { count }),
    followLimit: (limit: number) => m('followLimit', { limit }),
    followed: (channel: string, filter: string) => m('followed', { channel, filter }),
    filterChanged: (channel: string, filter: string) => m('filterChanged', { channel, filter }),
    webhookRefused: (channel: string, reason: string) => m('webhookRefused', { channel, reason }),
    notFollowing: (channel: string) => m('notFollowing', { channel }),
    unfollowed: (channel: string) => m('unfollowed', { channel }),
    unfollowedWebhookLeft: (channel: string) => m('unfollowedWebhookLeft', { channel }),
    followLanguage: (language: string) => m('followLanguage', { language }),
    badLanguage: (languages: string) => m('badLanguage', { languages })
  }
}

/** A status file's text (a name, a description) in `tag`, English where the file does not give that language. */
export function textIn (text: { en: string }, tag: LanguageTag): string {
  return (text as Partial<Record<LanguageTag, string>>)[tag] ?? text.en
}

export type Words = ReturnType<typeof wordsOf>

export const WORDS = Object.fromEntries(Object.keys(LOCALES).map((tag) => [tag, wordsOf(tag as LanguageTag)])) as Record<LanguageTag, Words>

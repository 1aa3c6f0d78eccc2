// The status page's "Follow" section: the ways of src/publish/follow.ts as links and snippets, complete without
// JavaScript; follow.js adds a copy button to each snippet and says in a live region what it copied.
import { escapeHtml } from '../lib/html.ts'
import { statusBadgeSize } from '../publish/badges.ts'
import { followEntries, followWords, type FollowOptions } from '../publish/follow.ts'

export function followSection (options: FollowOptions): string {
  const words = followWords(options.lang)
  const entries = followEntries(options).map((entry) => {
    const links = entry.links.length === 0
      ? ''
      : `<p class="follow-links">${entry.links.map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`).join(' · ')}</p>`
    const badge = statusBadgeSize(options.productName, options.indicator)
    const preview = entry.key === 'badges' ? `<p><img class="follow-badge" src="/status/badges/status.svg" alt="" width="${badge.width}" height="${badge.height}"></p>` : ''
    const snippets = entry.snippets.map((snippet) =>
      `<div class="follow-snippet"><span class="follow-snippet-label">${escapeHtml(snippet.label)}</span><code data-copy="${escapeHtml(`${entry.title}, ${snippet.label}`)}">${escapeHtml(snippet.code)}</code></div>`
    ).join('')
    return `<li class="follow-item follow--${entry.key}"><h3>${escapeHtml(entry.title)}</h3><p>${escapeHtml(entry.text)}</p>${preview}${links}${snippets}</li>`
  })
  return `<section id="follow" class="card follow" aria-labelledby="follow-heading" data-copy-label="${escapeHtml(words.copy)}" ` +
    `data-copied="${escapeHtml(words.copied('{what}'))}" data-copy-failed="${escapeHtml(words.copyFailed('{what}'))}">
<h2 id="follow-heading">${escapeHtml(words.heading)}</h2>
<p>${escapeHtml(words.intro)}</p>
<ul class="follow-list">${entries.join('\n')}</ul>
<p id="follow-announce" class="vh" role="status"></p>
</section>`
}

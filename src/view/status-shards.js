// The status page's shards: "Find your server" (a plain GET form) with its answer, and the grid of clusters and
// shards (state by colour and symbol, and in words as each cell's name; latency and last heartbeat in its title). Server and browser alike.
import { clock, esc } from './status-format.js'
import { statusHref } from './status-links.js'

/** Clusters of more shards than this, or a bot of more than 64, start folded unless something is wrong in them. */
const OPEN_UP_TO = 64

const KIND = { ready: 'ok', connecting: 'degraded', reconnecting: 'degraded', resuming: 'degraded', disconnected: 'down', silent: 'down', missing: 'down' }

/** Section "shard-finder": the form (works without JavaScript: GET /status?guild=…) and the answer slot. */
export function shardFinderSection (text, answerHtml = '', input = '') {
  return `<section id="shard-finder" class="card" aria-labelledby="shard-finder-title"><h2 id="shard-finder-title">${esc(text.finderHeading)}</h2>` +
    `<form class="guild-form" method="get" action="${esc(statusHref(text))}" role="search">` +
    `<label for="guild-input">${esc(text.finderLabel)}</label><div class="guild-row">` +
    `<input id="guild-input" name="guild" value="${esc(input)}" autocomplete="off" spellcheck="false" aria-describedby="guild-hint">` +
    `<button type="submit">${esc(text.finderButton)}</button></div><p id="guild-hint" class="meta">${esc(text.finderHint)}</p></form>` +
    `<div id="guild-answer" class="guild-answer" role="status">${answerHtml}</div></section>`
}

/**
 * The answer to a lookup: `{ guildId, shard, cluster, status, connected }` (the API's body), or `'invalid'`
 * (not a server id or message link), or `'unavailable'` (no shard has reported).
 */
export function guildAnswer (text, answer) {
  if (answer === 'invalid') return `<p class="answer answer--down">${esc(text.finderInvalid)}</p>`
  if (answer === 'unavailable') return `<p class="answer answer--unknown">${esc(text.finderUnavailable)}</p>`
  const kind = KIND[answer.status] ?? 'down'
  return `<p class="answer answer--${kind}" data-guild="${esc(answer.guildId)}"><span class="shard-symbol s-${esc(answer.status)}" aria-hidden="true"></span>` +
    `${esc(text.finderAnswer(answer.guildId, answer.shard, answer.cluster, text.shardState[answer.status] ?? answer.status, answer.connected))}</p>`
}

/** The answer for a guild id from a shards body (BigInt: `(id >> 22) % total`), the same rule as the API. */
export function findGuild (shards, guildId) {
  const shard = Number((BigInt(guildId) >> 22n) % BigInt(shards.total))
  for (const cluster of shards.clusters) {
    const found = cluster.shards.find((s) => s.id === shard)
    if (found !== undefined) return { guildId, shard, cluster: cluster.id, status: found.status, connected: found.connected }
  }
  return 'unavailable'
}

/**
 * One shard: its number, its state as class (colour and symbol), latency and last heartbeat (UTC) as its title, and
 * its accessible name in words ("Shard 12: reconnecting, 41 ms"): colour and symbol say nothing to a screen reader.
 */
function cell (text, shard) {
  const parts = []
  const latency = shard.latencyMs === null ? '' : `${Math.round(shard.latencyMs)} ms`
  if (latency !== '') parts.push(latency)
  if (shard.lastHeartbeatAt !== null) parts.push(clock(text, shard.lastHeartbeatAt))
  const name = `${text.shardWord} ${shard.id}: ${(text.shardState[shard.status] ?? shard.status).toLowerCase()}${latency === '' ? '' : `, ${latency}`}`
  return `<li class="s-${esc(shard.status)}" aria-label="${esc(name)}"${parts.length === 0 ? '' : ` title="${esc(parts.join(' · '))}"`}>${shard.id}</li>`
}

/** What a shard's cell says in words (for the line under the grid when it has the focus): "Shard 5 · Reconnecting · 65 ms · 12:02 UTC". */
export function shardDetail (text, id, status, title) {
  return [`${text.shardWord} ${id}`, text.shardState[status] ?? status, ...(title === '' ? [] : [`${title} ${text.utc}`])].join(' · ')
}

function counts (text, shards) {
  const byStatus = new Map()
  for (const shard of shards) byStatus.set(shard.status, (byStatus.get(shard.status) ?? 0) + 1)
  return [...byStatus].filter(([status]) => status !== 'ready').map(([status, n]) => `${n} ${text.shardState[status] ?? status}`).join(', ')
}

function legend (text) {
  const items = ['ready', 'connecting', 'reconnecting', 'disconnected', 'silent', 'missing']
    .map((status) => `<li><span class="shard-symbol s-${status}" aria-hidden="true"></span>${esc(text.shardState[status])}</li>`).join('')
  return `<ul class="legend shard-legend" aria-label="${esc(text.legend)}">${items}</ul><p class="meta">${esc(text.shardHint)}</p>`
}

/** Section "shards": the summary, then each cluster's grid (folded for large bots unless a shard in it is not ready). */
export function shardsSection (text, shards) {
  const open = `<section id="shards" class="card" aria-labelledby="shards-title"><h2 id="shards-title">${esc(text.shardsHeading)}</h2>`
  if (shards === null) return `${open}<p class="unavailable">${esc(text.shardsNone)}</p></section>`
  const all = shards.clusters.flatMap((c) => c.shards)
  const others = counts(text, all)
  const summary = `<p class="shards-summary"><strong>${esc(text.shards(shards.connected, shards.total))}</strong>${others === '' ? '' : ` · ${esc(others)}`}</p>`
  const large = shards.total > OPEN_UP_TO
  const single = shards.clusters.length === 1
  const grids = shards.clusters.map((cluster) => {
    const ready = cluster.shards.filter((s) => s.connected).length
    const trouble = counts(text, cluster.shards)
    const label = text.clusterLabel(cluster.id)
    const grid = `<ol class="shard-grid" aria-label="${esc(label)}">${cluster.shards.map((s) => cell(text, s)).join('')}</ol>`
    if (single) return grid
    const isOpen = !large || ready < cluster.shards.length
    return `<details class="cluster" data-key="cluster-${cluster.id}"${isOpen ? ' open' : ''}><summary><span class="cluster-name">${esc(label)}</span> ` +
      `<span class="meta">${ready}/${cluster.shards.length}<span class="vh"> ${esc(text.clusterConnected)}</span>${trouble === '' ? '' : ` · ${esc(trouble)}`}</span></summary>${grid}</details>`
  }).join('')
  return `${open}${summary}${legend(text)}<div class="clusters">${grids}</div><p class="shard-detail meta" aria-live="polite"></p></section>`
}

// The status page's shards: "Find your server" (a plain GET form) with its answer, and the grid of clusters and
// shards (state by colour and symbol, and in words as each cell's name; latency and last heartbeat in its title). Server and browser alike.
import { clock, count, esc } from './status-format.js'
import { shardsApiHref, statusHref } from './status-links.js'

/** Clusters of more shards than this, or a bot of more than 64, start folded unless something is wrong in them. */
const OPEN_UP_TO = 64

/**
 * A bot of more shards than this is shown by group instead of shard by shard, so that the page stays small whatever
 * the shard count (65,536 shards are ~6 MB as cells): a cell per cluster (or per range of shards), in the state of its
 * worst shard, then the shards that are not connected. Every shard is in the shards API.
 */
export const GRID_UP_TO = 1024
/** At most this many group cells: the clusters when there are that few (and more than one), else equal ranges of shards. */
const GROUP_CELLS = 256
/** At most this many cells of shards that are not connected. */
const TROUBLE_CELLS = 128
/** Which state a group shows: the worst of its shards'. */
const RANK = { ready: 0, resuming: 1, connecting: 1, reconnecting: 2, disconnected: 3, silent: 3, missing: 3 }

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

/** The groups a large bot is shown by: its clusters when there are 2 to GROUP_CELLS, else equal ranges of shard ids. */
function groupsOf (text, shards, all) {
  if (shards.clusters.length > 1 && shards.clusters.length <= GROUP_CELLS) {
    return shards.clusters.map((cluster) => ({ label: text.clusterLabel(cluster.id), short: String(cluster.id), shards: cluster.shards }))
  }
  const size = Math.ceil(all.length / GROUP_CELLS)
  const groups = []
  for (let start = 0; start < all.length; start += size) {
    const part = all.slice(start, start + size)
    const range = `${part[0].id}–${part[part.length - 1].id}`
    groups.push({ label: `${text.shardRange} ${range}`, short: range, shards: part })
  }
  return groups
}

/** A group's cell: its worst shard's state as class, its counts in words as its name and title. */
function groupCell (text, group) {
  let worst = 'ready'
  let ready = 0
  for (const shard of group.shards) {
    if (shard.connected) ready++
    if ((RANK[shard.status] ?? 3) > (RANK[worst] ?? 3)) worst = shard.status
  }
  const trouble = counts(text, group.shards)
  const name = `${group.label}: ${ready}/${group.shards.length} ${text.clusterConnected}${trouble === '' ? '' : `, ${trouble}`}`
  return `<li class="s-${esc(worst)}" aria-label="${esc(name)}" title="${esc(name)}">${esc(group.short)}</li>`
}

/** A large bot's shards: a cell per group, the first shards that are not connected, and where every shard is. */
function groupedShards (text, shards, all) {
  const groups = groupsOf(text, shards, all)
  const byCluster = groups[0]?.shards === shards.clusters[0]?.shards
  const heading = byCluster ? text.shardGroupsClusters : text.shardGroupsRanges
  const trouble = all.filter((shard) => !shard.connected)
  const shown = trouble.slice(0, TROUBLE_CELLS)
  const troubleGrid = trouble.length === 0
    ? ''
    : `<h3 class="shards-trouble">${esc(text.shardsTrouble)}</h3><ol class="shard-grid shard-grid--wide" aria-label="${esc(text.shardsTrouble)}">${shown.map((s) => cell(text, s)).join('')}</ol>` +
      (trouble.length > shown.length ? `<p class="meta">${esc(text.shardsMoreTrouble(count(text, trouble.length - shown.length)))}</p>` : '')
  return `<p class="meta shards-grouped">${esc(text.shardsGrouped(count(text, shards.total)))} <a href="${esc(shardsApiHref())}" type="application/json">${esc(text.shardsEvery)}</a></p>` +
    `<h3 class="shards-trouble">${esc(heading)}</h3><ol class="shard-groups${byCluster ? '' : ' shard-groups--ranges'}" aria-label="${esc(heading)}">${groups.map((group) => groupCell(text, group)).join('')}</ol>${troubleGrid}`
}

/**
 * Section "shards": the summary, then each cluster's grid (folded for large bots unless a shard in it is not ready);
 * beyond GRID_UP_TO shards, the groups and the shards not connected instead.
 */
export function shardsSection (text, shards) {
  const open = `<section id="shards" class="card" aria-labelledby="shards-title"><h2 id="shards-title">${esc(text.shardsHeading)}</h2>`
  if (shards === null) return `${open}<p class="unavailable">${esc(text.shardsNone)}</p></section>`
  const all = shards.clusters.flatMap((c) => c.shards)
  const others = counts(text, all)
  const summary = `<p class="shards-summary"><strong>${esc(text.shards(shards.connected, shards.total))}</strong>${others === '' ? '' : ` · ${esc(others)}`}</p>`
  if (shards.total > GRID_UP_TO) {
    return `${open}${summary}${legend(text)}${groupedShards(text, shards, all)}<p class="shard-detail meta" aria-live="polite"></p></section>`
  }
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

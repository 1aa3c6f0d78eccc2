// MDX to plain Markdown: drops `import`/`export` blocks, `{expressions}` and JSX tags (keeping the text
// between tags), everywhere except code fences and inline code, so none of it reaches a page or the index.
// A heading's pinned anchor `{#id}` is kept.

const FENCE = /^ {0,3}(`{3,}|~{3,})/

export function stripMdx (source: string): string {
  const lines = source.split(/\r?\n/)
  const kept: string[] = []
  let fence: string | undefined
  let inEsm = false
  for (const line of lines) {
    if (fence !== undefined) {
      kept.push(line)
      if (line.trim().startsWith(fence)) fence = undefined
      continue
    }
    if (inEsm) {
      if (line.trim() === '') inEsm = false
      continue
    }
    // An ESM block starts at the margin and runs to the next blank line (as MDX parses it).
    if (/^(import|export)\b/.test(line)) {
      inEsm = true
      continue
    }
    const opening = FENCE.exec(line)
    if (opening !== null) fence = opening[1]![0]!.repeat(opening[1]!.length)
    kept.push(line)
  }
  return stripJsx(kept.join('\n'))
}

/** Removes `{…}` and `<Tag …>`/`</Tag>`/`<Tag />` outside code, keeping everything else. */
function stripJsx (text: string): string {
  let out = ''
  let i = 0
  let lineStart = true
  while (i < text.length) {
    const c = text[i]!
    if (lineStart) {
      const fence = FENCE.exec(text.slice(i, text.indexOf('\n', i) === -1 ? undefined : text.indexOf('\n', i)))
      if (fence !== null) {
        const end = closingFence(text, i, fence[1]!)
        out += text.slice(i, end)
        i = end
        continue
      }
    }
    lineStart = c === '\n'
    if (c === '`') {
      const run = /^`+/.exec(text.slice(i))![0]
      const close = text.indexOf(run, i + run.length)
      const end = close === -1 ? i + run.length : close + run.length
      out += text.slice(i, end)
      i = end
      continue
    }
    if (c === '\\' && i + 1 < text.length) {
      out += text.slice(i, i + 2)
      i += 2
      continue
    }
    if (c === '{' && !/^\{#[A-Za-z][\w-]*\}/.test(text.slice(i, i + 80))) {
      i = skipBalanced(text, i)
      continue
    }
    if (c === '<' && /^<\/?(?:[A-Za-z][\w.:-]*|>)/.test(text.slice(i, i + 40)) && !/^<[a-z]+:\/\//i.test(text.slice(i, i + 40))) {
      i = skipTag(text, i)
      continue
    }
    out += c
    i++
  }
  return out
}

function closingFence (text: string, start: number, opener: string): number {
  const marker = opener[0]!.repeat(opener.length)
  let at = text.indexOf('\n', start)
  while (at !== -1) {
    const next = text.indexOf('\n', at + 1)
    const line = text.slice(at + 1, next === -1 ? undefined : next)
    if (line.trim().startsWith(marker)) return next === -1 ? text.length : next
    at = next
  }
  return text.length
}

/** The index after a `{…}` expression, honouring nested braces and quoted strings. */
function skipBalanced (text: string, start: number): number {
  let depth = 0
  let quote: string | undefined
  for (let i = start; i < text.length; i++) {
    const c = text[i]!
    if (quote !== undefined) {
      if (c === '\\') i++
      else if (c === quote) quote = undefined
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c
    } else if (c === '{') {
      depth++
    } else if (c === '}') {
      depth--
      if (depth === 0) return i + 1
    }
  }
  return text.length
}

/** The index after a JSX tag, whose attributes may hold strings and `{…}` containing `>`. */
function skipTag (text: string, start: number): number {
  let quote: string | undefined
  for (let i = start + 1; i < text.length; i++) {
    const c = text[i]!
    if (quote !== undefined) {
      if (c === quote) quote = undefined
    } else if (c === '"' || c === "'") {
      quote = c
    } else if (c === '{') {
      i = skipBalanced(text, i) - 1
    } else if (c === '>') {
      return i + 1
    }
  }
  return text.length
}

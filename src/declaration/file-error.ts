// Mistakes in the status file, each named by its place and its rule: `components[3].check.http.url: must be an http(s) URL`.

export type FilePath = ReadonlyArray<string | number>

/** Keys as they are written, list positions in brackets; a key that is not a plain word is quoted. */
export function formatPath (path: FilePath): string {
  let text = ''
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`
    else if (/^[A-Za-z_$][\w$-]*$/.test(part)) text += text === '' ? part : `.${part}`
    else text += `[${JSON.stringify(part)}]`
  }
  return text
}

/** A mistake in the status file: `rule` says what is wrong at `path` (empty: the file as a whole). */
export class StatusFileError extends Error {
  override name = 'StatusFileError'
  readonly path: string
  readonly rule: string

  /** The message is one line: `<path>: <rule>`, or the rule alone for the whole file. */
  constructor (path: FilePath | string, rule: string) {
    const where = typeof path === 'string' ? path : formatPath(path)
    super(where === '' ? rule : `${where}: ${rule}`)
    this.path = where
    this.rule = rule
  }
}

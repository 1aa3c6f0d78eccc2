// Header lists with q-values (RFC 9110 §12.4.2), as Accept and Accept-Encoding send them: `br;q=0.8, gzip`.

export interface Weighted {
  /** The media range or coding, lower case. */
  name: string
  /** 0 to 1; a malformed q counts as 0, so it never wins. */
  q: number
}

const Q_VALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

export function weightedList (header: string): Weighted[] {
  const list: Weighted[] = []
  for (const entry of header.split(',')) {
    const [name = '', ...parameters] = entry.split(';')
    const trimmed = name.trim().toLowerCase()
    if (trimmed !== '') list.push({ name: trimmed, q: qOf(parameters) })
  }
  return list
}

function qOf (parameters: string[]): number {
  for (const parameter of parameters) {
    const [key = '', value = ''] = parameter.split('=')
    if (key.trim().toLowerCase() !== 'q') continue
    return Q_VALUE.test(value.trim()) ? Number(value.trim()) : 0
  }
  return 1
}

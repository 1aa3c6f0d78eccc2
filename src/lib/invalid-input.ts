// A refusal of operator input (one line, safe to print) and the echo of what was typed in it: below every folder
// that checks input, so the status file's checks and the operator doors' share them.

/** Operator input that cannot be accepted; the message is one line, safe to print as is. */
export class InvalidInput extends Error {
  override name = 'InvalidInput'
}

/** Echoes input in an error message without letting it break the one-line rule or flood the terminal. */
export function printable (value: string): string {
  const flat = value.replace(/\p{Cc}/gu, '?')
  return flat.length > 40 ? `${flat.slice(0, 40)}…` : flat
}

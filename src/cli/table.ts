// Prints rows as left-aligned columns for the operator commands' list output.
export function printTable (header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => [...row[column] ?? ''].length)))
  for (const row of [header, ...rows]) {
    console.log(row.map((cell, column) => column === row.length - 1 ? cell : cell + ' '.repeat(widths[column]! - [...cell].length)).join('  '))
  }
}

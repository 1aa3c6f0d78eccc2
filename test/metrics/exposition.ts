// Reads the Prometheus text format back into samples, and runs `promtool check metrics` on it, for the metrics tests.
import { spawnSync } from 'node:child_process'
import { promtoolBinary } from '../services/prometheus.ts'

export interface ExposedSample { name: string, labels: Record<string, string>, value: number }

export function parseExposition (text: string): ExposedSample[] {
  const samples: ExposedSample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (match === null) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!
    samples.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return samples
}

/** The value of the one sample with this name whose labels include `labels`; undefined when there is none. */
export function sampleValue (samples: ExposedSample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`)
  return found[0]?.value
}

/** `promtool check metrics`: its lint findings (empty when clean) and exit status. */
export function promtoolCheck (text: string): { status: number | null, output: string } {
  const result = spawnSync(promtoolBinary!, ['check', 'metrics'], { input: text, encoding: 'utf8' })
  return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() }
}

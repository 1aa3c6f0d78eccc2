// A test reporter: node's spec output, with the ten slowest test files (wall time, process start included) printed
// just before the closing summary, which stays the last lines of the output (ℹ tests … ℹ duration_ms).
import path from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import { spec, type TestEvent } from 'node:test/reporters'

const SHOWN = 10

class SlowestFilesReporter extends Transform {
  readonly #spec = spec()
  readonly #fileMs = new Map<string, number>()
  #printed = false

  constructor () {
    super({ writableObjectMode: true })
    this.#spec.on('data', (chunk: string | Buffer) => this.push(chunk))
  }

  override _transform (event: TestEvent, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (event.type === 'test:complete' && event.data.nesting === 0 && event.data.file !== undefined) {
      // A file run in its own process completes as one top-level test named after the file: the longest one.
      const file = path.relative(process.cwd(), event.data.file)
      this.#fileMs.set(file, Math.max(this.#fileMs.get(file) ?? 0, event.data.details.duration_ms))
    }
    if (!this.#printed && event.type === 'test:diagnostic' && event.data.nesting === 0 && event.data.file === undefined &&
      /^tests \d+$/.test(event.data.message)) {
      // The first line of the run's summary: the table goes through the spec reporter just before it, in order.
      this.#printed = true
      this.#spec.write({ type: 'test:stdout', data: { file: undefined, message: this.#table() } })
    }
    this.#spec.write(event, callback)
  }

  override _flush (callback: TransformCallback): void {
    this.#spec.once('end', () => callback())
    this.#spec.end()
  }

  #table (): string {
    const slowest = [...this.#fileMs].sort((a, b) => b[1] - a[1]).slice(0, SHOWN)
    if (slowest.length === 0) return ''
    const lines = slowest.map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`)
    return `\nslowest test files (of ${this.#fileMs.size}):\n${lines.join('\n')}\n\n`
  }
}

export default new SlowestFilesReporter()

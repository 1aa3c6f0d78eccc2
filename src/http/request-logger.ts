// Per-request loggers built on first use. Fastify gives every request a child logger, but almost no request
// logs anything of its own (the access line is written by the parent logger, with the request id), and a pino
// child is the costliest part of Fastify's per-request set-up: about 2 µs of a 20 µs health request.
import type { FastifyBaseLogger } from 'fastify'
import type { Bindings, ChildLoggerOptions } from 'pino'

class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined
  readonly #parent: FastifyBaseLogger
  readonly #bindings: Bindings
  readonly #options: ChildLoggerOptions

  constructor (parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent
    this.#bindings = bindings
    this.#options = options
  }

  /** The real pino child, made the first time this request logs. */
  get #logger (): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options)
    return this.#child
  }

  #log (level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace', args: unknown[]): void {
    const logger = this.#logger
    ;(logger[level] as (...args: unknown[]) => void).apply(logger, args)
  }

  get level (): string { return this.#child?.level ?? this.#options.level ?? this.#parent.level }
  set level (level: string) { this.#logger.level = level }

  fatal (...args: unknown[]): void { this.#log('fatal', args) }
  error (...args: unknown[]): void { this.#log('error', args) }
  warn (...args: unknown[]): void { this.#log('warn', args) }
  info (...args: unknown[]): void { this.#log('info', args) }
  debug (...args: unknown[]): void { this.#log('debug', args) }
  trace (...args: unknown[]): void { this.#log('trace', args) }
  silent (): void {}

  child (bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger.child(bindings, options)
  }
}

/** Fastify's `childLoggerFactory`. */
export function lazyRequestLogger (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options)
}

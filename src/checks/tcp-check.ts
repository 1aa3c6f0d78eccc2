// One attempt of a `tcp` check (docs/en/architecture.md#status-model): a connection within the time limit, closed at once.
import net from 'node:net'
import { formatDuration } from '../declaration/duration.ts'
import { startProbeTimer } from '../monitor/probes/probe-timer.ts'
import { connectionFailure, type Attempt } from './attempt.ts'

export interface TcpTarget {
  host: string
  port: number
  timeoutMs: number
}

/** Connects and closes; never rejects. The message names neither host nor port. */
export function checkTcp (target: TcpTarget): Promise<Attempt> {
  const stopwatch = startProbeTimer()
  return new Promise((resolve) => {
    const socket = net.connect({ host: target.host, port: target.port })
    const settle = (attempt: Attempt) => {
      stopwatch.stop()
      clearTimeout(timer)
      socket.destroy()
      resolve(attempt)
    }
    const timer = setTimeout(() => settle({ status: 'down', latencyMs: null, message: `No connection within ${formatDuration(target.timeoutMs)}.` }), target.timeoutMs)
    socket.once('connect', () => settle({ status: 'ok', latencyMs: stopwatch.elapsedMs() }))
    socket.once('error', (error: NodeJS.ErrnoException) => settle({ status: 'down', latencyMs: null, message: connectionFailure(error.code) ?? 'The connection failed.' }))
  })
}

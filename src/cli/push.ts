// `status-api push COMPONENT [--status ok|degraded|down] [--latency MS] [--message TEXT]`: a push component reports in.
import { PUSH_STATUSES } from '../checks/push.ts'
import { UsageError, type Command } from './command.ts'
import { operationsFor } from './local-or-remote.ts'
import { asUsage, parseCommandLine } from './options.ts'
import { REMOTE_HELP, REMOTE_OPTIONS } from './remote-options.ts'

const usage = `status-api push COMPONENT [--status STATUS] [--latency MS] [--message TEXT]

Records that COMPONENT (declared in the status file with check: { push: { within: … } }) is
alive and in STATUS (${PUSH_STATUSES.join(', ')}; default ok), optionally with a response time in
milliseconds and a one-line message of at most 200 characters shown on the status page. A push
component that has not pushed for longer than its "within" is down. Run it from the job or
worker itself, e.g. at the end of every cron run. The operator API's POST /v1/push/COMPONENT
does the same over HTTP.
${REMOTE_HELP}`

export const pushCommand: Command = {
  name: 'push',
  usage,
  async run (args, config) {
    const command = 'push'
    const { options, positionals } = parseCommandLine(command, args, ['status', 'latency', 'message', ...REMOTE_OPTIONS], ['component'])
    const latency = options.latency
    if (latency !== undefined && !/^\d+(\.\d+)?$/.test(latency)) throw new UsageError(`${command}: --latency must be a number of milliseconds (got "${latency}")`)
    const input = { status: options.status, latencyMs: latency === undefined ? undefined : Number(latency), message: options.message }
    const component = positionals[0]!
    // Locally, refused before the database is opened: a typo writes nothing and needs no database. Remotely, the
    // remote instance's status file decides what may push; its refusals come back as they are.
    const operations = operationsFor(command, options, config)
    return recorded(component, await asUsage(command, () => operations.push(component, input)))
  }
}

function recorded (component: string, push: { status: string, latencyMs: number | null }): number {
  console.log(`${component}: ${push.status}${push.latencyMs === null ? '' : ` (${push.latencyMs} ms)`}`)
  return 0
}

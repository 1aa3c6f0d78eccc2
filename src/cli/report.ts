// `status-api report uptime`: a month's uptime per component, from the store — on the database, or on a remote
// instance's operator API (--url), through the same operation (src/operations/; the report itself is src/operations/uptime-report.ts).
import type { Config } from '../config/index.ts'
import { REPORT_FORMATS, formatReport, type ReportFormat } from '../operations/uptime-report.ts'
import { UsageError, commandWithActions } from './command.ts'
import { operationsFor } from './local-or-remote.ts'
import { asUsage, parseCommandLine } from './options.ts'
import { REMOTE_HELP, REMOTE_OPTIONS } from './remote-options.ts'

const usage = `status-api report <action> [options]

  uptime --month YYYY-MM [--component ID]... [--format md|csv|json]
      A month's uptime per component (UTC days; the current month up to now): the uptime by the
      published formula and weights, the target met or missed, minutes by status, and each incident
      that touched the component with its duration and impact. --format: md (the default), csv
      (RFC 4180) or json. --component: only those; repeat it for several.
${REMOTE_HELP}`

export const reportCommand = commandWithActions({
  name: 'report',
  usage,
  actions: { uptime }
})

async function uptime (args: string[], config: Config): Promise<number> {
  const command = 'report uptime'
  const { options, lists } = parseCommandLine(command, args, ['month', 'format', ...REMOTE_OPTIONS], [], ['component'])
  if (options.month === undefined) throw new UsageError(`${command}: --month YYYY-MM is required`)
  const format = (options.format ?? 'md') as ReportFormat
  if (!REPORT_FORMATS.includes(format)) throw new UsageError(`${command}: --format must be md, csv or json (got "${String(options.format).slice(0, 20)}")`)
  const operations = operationsFor(command, options, config)
  const report = await asUsage(command, () => operations.uptimeReport({ month: options.month!, components: lists.component }))
  const text = formatReport(report, format)
  console.log(text.slice(0, -1)) // every format ends with a line break (CRLF for CSV); console.log adds the LF
  return 0
}

// `status-api edge vcl --backend HOST:PORT [--backend …] [--purge-from CIDR …]`: prints the Varnish 7 VCL of the edge
// recipe (docs/en/architecture.md#edge) for the public port of one or more replicas.
import { aclEntry, parseBackend, varnishVcl } from '../edge/varnish-vcl.ts'
import { UsageError, type EnvironmentCommand } from './command.ts'
import { parseCommandLine } from './options.ts'

const usage = `status-api edge vcl --backend HOST:PORT [--backend HOST:PORT …] [--purge-from CIDR …]

Prints a Varnish 7 VCL (vcl 4.1, vmod xkey from varnish-modules) to put in front of the public port:
it keeps responses as long as their s-maxage says, serves the last copy while the origin is down, times
out or fails (up to stale-if-error), takes PURGE with xkey-purge only from --purge-from (default loopback),
normalises Accept-Encoding and refuses the operator listener's and the metrics' paths.
--backend         a replica's public port (several: round robin, each with a health probe)
--purge-from      an address or CIDR allowed to purge (repeatable), e.g. 10.0.0.0/8
Start varnishd with its default backend_idle_timeout (60 s, below the service's 72 s keep-alive).`

export const edgeCommand: EnvironmentCommand = {
  name: 'edge',
  usage,
  async runOnEnvironment (args) {
    const [action, ...rest] = args
    if (action !== 'vcl') throw new UsageError(`edge: ${action === undefined ? 'an action is missing' : `unknown action "${action}"`} (vcl)`)
    const { lists } = parseCommandLine('edge vcl', rest, [], [], ['backend', 'purge-from'])
    if (lists.backend.length === 0) throw new UsageError('edge vcl: give at least one --backend HOST:PORT')
    let vcl: string
    try {
      vcl = varnishVcl({ backends: lists.backend.map(parseBackend), purgeFrom: lists['purge-from'].map((entry) => { aclEntry(entry); return entry }) })
    } catch (error) {
      throw new UsageError(`edge vcl: ${(error as Error).message}`)
    }
    process.stdout.write(vcl)
    return 0
  }
}

// Options both listeners give Fastify: how a TRUST_PROXY setting reads, and serialisers that are never compiled.
import type { Config } from '../config/index.ts'

/** Fastify honours a hop count at run time (proxy-addr's `hop < n`) but its types do not list it: say it as that function. */
export function trustProxyOption (trusted: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trusted === 'number' ? (_address, hop) => hop < trusted : trusted
}

/**
 * Every route sends bytes serialised once (src/lib/serialized.ts), so Fastify never serialises a response body: the
 * response schemas describe those bytes in the OpenAPI document only and are not compiled into serializers (that
 * was half of building the app, 60–110 ms of each start; fast-json-stringify's compiler is not even loaded now).
 * An object reaching Fastify would be written as plain JSON; test/discovery/contract.test.ts fails if any
 * operation's response is.
 */
export function plainJsonSerializers (): () => (data: unknown) => string {
  return () => (data) => JSON.stringify(data)
}

// The operator listener (OPERATOR_PORT/OPERATOR_HOST): the operator app on its own port, started beside the public one.
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import type { Context } from '../../context.ts'
import { buildOperatorApp } from './app.ts'

export interface OperatorServer {
  app: FastifyInstance
  /** Where it listens (the real port when 0 was asked for). */
  readonly address: AddressInfo
  close (): Promise<void>
}

export async function startOperatorServer (context: Context, listen: { port: number, host: string }): Promise<OperatorServer> {
  const app = await buildOperatorApp(context)
  await app.listen(listen)
  return { app, address: app.server.address() as AddressInfo, close: () => app.close() }
}

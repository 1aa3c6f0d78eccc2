// Bench helper: the real app on a seeded DATA_DIR, one monitor round done, listening on a random port (printed).
import type { AddressInfo } from 'node:net'
import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config/index.ts'
import { openContext } from '../src/context.ts'

const config = loadConfig({ ...process.env, PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' })
const context = await openContext(config, { migrate: true })
await context.monitor.runOnce()
await context.monitor.history.get()
const app = await buildApp(context)
await app.listen({ port: 0, host: '127.0.0.1' })
console.log(JSON.stringify({ port: (app.server.address() as AddressInfo).port }))
process.on('SIGTERM', () => { void app.close().then(() => context.close()).then(() => process.exit(0)) })

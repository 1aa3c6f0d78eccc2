import { buildApp } from '../src/app.ts'
import { loadConfig } from '../src/config.ts'
import { openContext } from '../src/context.ts'
import autocannon from 'autocannon'
const variant = process.argv[2]
const config = loadConfig({ DATA_DIR: '/tmp/d5', LOG_LEVEL: variant === 'silent' ? 'silent' : 'warn', RATE_LIMIT_PER_MINUTE: '0' })
const context = await openContext(config, { migrate: true, background: false })
await context.monitor.runOnce()
const app = await buildApp(context)
await app.listen({ port: 4105, host: '127.0.0.1' })
console.log('ready')

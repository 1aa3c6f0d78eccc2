// `status-api demo`: the service full of life in one command — 90 days of history, incidents, maintenance, a
// chat platform stand-in and a reporting bot — on a throwaway database, every page marked as demo data.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDemoBot } from '../demo/demo-bot.ts'
import { writeDemoData } from '../demo/demo-data.ts'
import { startFakePlatform } from '../demo/fake-platform.ts'
import type { Command } from './command.ts'

export const DEMO_NOTICE = 'Demo data: everything on this page is generated; nothing here describes a real service.'

export const demoCommand: Command = {
  name: 'demo',
  usage: `status-api demo

Starts the service on HOST:PORT with a fresh SQLite database in a temporary folder (never DATA_DIR or
DATABASE_URL, so real data is never touched), 90 days of generated history, a few incidents, an active and
an upcoming maintenance window, a local stand-in for the chat platform's status page, and a bot whose four
shards report heartbeats. Every page says that it shows demo data. Stop it with Ctrl-C.`,
  async run (_args, config) {
    const { handleSignals, startServer } = await import('../server.ts')
    const platform = await startFakePlatform()
    const demoConfig = {
      ...config,
      dataDir: mkdtempSync(path.join(tmpdir(), 'status-api-demo-')),
      databaseUrl: undefined,
      redisUrl: undefined,
      discordStatusUrl: platform.url,
      botStatusUrl: undefined
    }
    const server = await startServer(demoConfig, {
      app: { siteNotice: DEMO_NOTICE },
      prepare: async (context) => {
        await writeDemoData(context.database, context.clock.now(), context.config.status)
        await context.incidents.refresh()
        startDemoBot(context.database)
        await context.monitor.runOnce()
      }
    })
    handleSignals(server)
    console.log(`status-api demo: http://${config.host}:${config.port}/status (demo data in ${demoConfig.dataDir})`)
    return -1 // keep running
  }
}

// `status-api demo`: the service full of life in one command — 90 days of history, incidents, maintenance, a
// chat platform stand-in and a reporting bot — on a throwaway database, every page marked as demo data.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDemoBot } from '../demo/demo-bot.ts'
import { writeDemoData } from '../demo/demo-data.ts'
import { startFakePlatform } from '../demo/fake-platform.ts'
import { startCheckTargets } from '../demo/check-targets.ts'
import { projectRoot } from '../config/project-root.ts'
import { loadStatusFile } from '../declaration/status-file.ts'
import type { Command } from './command.ts'
import { parseCommandLine } from './options.ts'

/** The example status file the demo shows (groups, manual and platform components), unless the operator has a file of their own. */
export const EXAMPLE_STATUS_FILE = path.join(projectRoot, 'examples', 'status.yaml')

const DEMO_NOTICE = 'Demo data: everything on this page is generated; nothing here describes a real service.'

export const demoCommand: Command = {
  name: 'demo',
  usage: `status-api demo

Starts the service on HOST:PORT with a fresh SQLite database in a temporary folder (never DATA_DIR or
DATABASE_URL, so real data is never touched), 90 days of generated history, a few incidents, an active and
an upcoming maintenance window, a local stand-in for the chat platform's status page, a bot whose sixteen
shards report heartbeats, and local stand-ins for the example's HTTP, TCP and push checks that misbehave
now and then (slow, failing, closed, silent) by the minute of the hour. The components are those of examples/status.yaml (groups, manual and platform
components) unless STATUS_FILE or ./status.yaml gives your own; the incidents and windows name them. Every
page says that it shows demo data. Stop it with Ctrl-C (or SIGTERM); the temporary folder goes with it.`,
  async run (args, config) {
    parseCommandLine('demo', args, []) // it takes no options: a mistyped one is refused (exit 2), not ignored
    const { handleSignals, startServer } = await import('../server.ts')
    // The throwaway folder goes with the demo however it ends: a signal, a taken port, an error, a shutdown past its
    // deadline. Removing it at 'exit' (synchronously, the only kind of work an exit allows) covers every way out.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'status-api-demo-'))
    const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true })
    process.once('exit', removeDataDir)
    const started: Array<{ close (): Promise<void> | void }> = []
    try {
      const platform = await startFakePlatform()
      started.push(platform)
      const declared = config.status.file === undefined ? loadStatusFile(EXAMPLE_STATUS_FILE, {}) : config.status
      // Only the example's checks go to the stand-ins: a file of the operator's own is checked as it says.
      const targets = config.status.file === undefined ? await startCheckTargets(declared) : undefined
      if (targets !== undefined) started.push(targets)
      const demoConfig = {
        ...config,
        dataDir,
        databaseUrl: undefined,
        redisUrl: undefined,
        discordStatusUrl: platform.url,
        botStatusUrl: undefined,
        status: targets?.declaration ?? declared
      }
      const server = await startServer(demoConfig, {
        app: { siteNotice: DEMO_NOTICE },
        prepare: async (context) => {
          await writeDemoData(context.database, context.clock.now(), demoConfig.status)
          await context.incidents.refresh()
          started.push({ close: startDemoBot(context.database) })
          targets?.startPushing(context.database)
          await context.checks.tick()
          await context.monitor.runOnce()
        }
      })
      // Ctrl-C and SIGTERM (a terminal closed, a container stopped): a graceful shutdown, then the folder goes.
      handleSignals(server, removeDataDir)
      console.log(`status-api demo: http://${config.host}:${config.port}/status (demo data in ${dataDir})`)
      return -1 // keep running
    } catch (error) {
      // Like serve, a demo that cannot start (its port taken) exits 1: nothing it started may keep the process alive.
      await Promise.allSettled(started.reverse().map(async (part) => part.close()))
      removeDataDir()
      process.off('exit', removeDataDir)
      throw error
    }
  }
}

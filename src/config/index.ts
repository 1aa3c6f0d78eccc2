// The only reader of process.env: every setting (docs/en/architecture.md#configuration), validated once into a typed Config (a file per section).
import { existsSync } from 'node:fs'
import type { StatusDeclaration } from '../declaration/declaration.ts'
import type { Env } from '../lib/environment.ts'
import { edgeConfig, type EdgeConfig } from './edge.ts'
import { discordCommandsConfig, type DiscordCommandsConfig } from './discord.ts'
import { monitorConfig, type MonitorConfig } from './monitor.ts'
import { notifyConfig, type NotifyConfig } from './notify.ts'
import { operatorConfig, operatorListenerPort, type OperatorConfig } from './operator.ts'
import { listenerPorts, serverAddress, serverHandling, type ServerConfig } from './server.ts'
import { statusDeclaration } from './status-file.ts'
import { storesConfig, type StoresConfig } from './stores.ts'

export interface Config extends ServerConfig, StoresConfig, MonitorConfig, OperatorConfig {
  /** Where notifications go (docs/en/architecture.md#beyond-the-spec); every URL is a secret. */
  notify: NotifyConfig
  /** The product, its groups and components (docs/en/architecture.md#status-model): the status file, or the built-in model without one. */
  status: StatusDeclaration
  /** Slash commands from Discord (docs/en/architecture.md#discord). */
  discord: DiscordCommandsConfig
  /** Shared caches in front of the service: their lifetimes, keys and purges (docs/en/architecture.md#edge). */
  edge: EdgeConfig
}

/** Reads `.env` from the working directory when present (values already in the environment win). */
export function loadDotEnv (file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file)
}

/** The process's environment with `.env` read into it: what a command that needs no full Config reads. */
export function readEnvironment (): Env {
  loadDotEnv()
  return process.env
}

/**
 * Validates the environment into a Config, throwing ConfigError on the first bad value. The ports come first (they
 * must differ), then the sections in the order below, which is the order the settings have always been checked in:
 * whatever the environment, the first error is the same one (and the object's keys keep their order).
 */
export function loadConfig (env: Env = process.env): Config {
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value === '' ? undefined : value
  }
  const { port, metricsPort } = listenerPorts(read)
  const operatorPort = operatorListenerPort(read, port, metricsPort)
  return {
    ...serverAddress(read, port),
    ...storesConfig(read),
    ...monitorConfig(read),
    ...serverHandling(read, metricsPort),
    ...operatorConfig(read, operatorPort),
    notify: notifyConfig(read),
    status: statusDeclaration(env),
    discord: discordCommandsConfig(read),
    edge: edgeConfig(read)
  }
}

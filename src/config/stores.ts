// The stores section: where the data lives (DATA_DIR or PostgreSQL) and the optional Redis cache.
import path from 'node:path'
import { integer, optionalUrl, type Reader } from './values.ts'

export interface StoresConfig {
  dataDir: string
  databaseUrl: string | undefined
  /** PostgreSQL connections per replica (the probe has its own besides). */
  databasePoolSize: number
  redisUrl: string | undefined
}

export function storesConfig (read: Reader): StoresConfig {
  return {
    dataDir: path.resolve(read('DATA_DIR') ?? './data'),
    databaseUrl: optionalUrl(read, 'DATABASE_URL', ['postgres:', 'postgresql:'])?.toString(),
    databasePoolSize: integer(read, 'DATABASE_POOL_SIZE', 5, 1, 100),
    redisUrl: optionalUrl(read, 'REDIS_URL', ['redis:', 'rediss:'])?.toString()
  }
}

// The running version, read from package.json once.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { projectRoot } from '../config/project-root.ts'

export const VERSION: string = (JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version

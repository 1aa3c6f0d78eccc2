// Test only: the whole app with a branded status file (the product of docs/en/status-file.md#brand: logo, dark logo, favicon, accent, links,
// footer) and an open incident naming a component; the neutral words without a file are checked against the same routes.
import { cpSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { TestContext } from 'node:test'
import { openIncident } from '../../src/incidents/writes.ts'
import { buildTestApp, tempDir, type Env } from '../helper.ts'

export const BRANDED_YAML = `product:
  name: Acme
  logo: ./brand/logo.svg
  logoDark: ./brand/logo-dark.svg
  favicon: ./brand/favicon.png
  accent: "#3B4BD8"
  url: https://acme.example
  links:
    - { label: { en: Support server, de: Support-Server }, url: https://discord.gg/acme }
    - { label: Dashboard, url: https://acme.example/dashboard }
  description: { en: The Acme bot., de: Der Acme-Bot. }
  footer:
    en: "Acme is made up. [Privacy](https://acme.example/privacy)"
    de: "Acme ist erfunden. [Datenschutz](https://acme.example/privacy)"
components:
  - { id: bot, builtin: bot, name: { en: Commands, de: Befehle } }
  - { id: music, name: { en: Music, de: Musik }, check: { manual: true } }
  - { id: database, builtin: database }
`

/** The app on a folder holding BRANDED_YAML (or `yaml`) and the fixture's brand files; one incident open on music. */
export async function brandedSite (t: TestContext, env: Env = {}, yaml = BRANDED_YAML) {
  const folder = tempDir(t)
  cpSync(path.join(import.meta.dirname, '../fixtures/status/brand'), path.join(folder, 'brand'), { recursive: true })
  writeFileSync(path.join(folder, 'status.yaml'), yaml)
  const built = await buildTestApp(t, { STATUS_FILE: path.join(folder, 'status.yaml'), ...env })
  await built.context.monitor.runOnce()
  const incident = await openIncident(built.context.database.db, {
    title: 'Music stutters', impact: 'minor', status: 'investigating', message: 'Looking into it.', components: [{ id: 'music' }]
  }, built.context.clock.now())
  await built.context.incidents.refresh()
  return { ...built, incident }
}

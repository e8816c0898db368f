import fs from 'node:fs'
import { startMailCatcher } from './mail-catcher'
import { E2E_MAIL_DIR, E2E_SMTP_PORT, E2E_STATIC_DIR, E2E_TEMPLATE_DIR, E2E_TEMPLATE_PORT } from './e2e-env'
import { startServer } from './server-process'

/**
 * The journeys' mail provider: a local SMTP server whose messages the specs read from a folder. And the
 * data folder the journeys' own servers start from: migrating and seeding it once here, instead of in
 * every such server, saves each of them the seconds of a first start.
 */
export default async function globalSetup() {
  fs.rmSync(E2E_MAIL_DIR, { recursive: true, force: true })
  fs.rmSync(E2E_TEMPLATE_DIR, { recursive: true, force: true })
  fs.mkdirSync(E2E_TEMPLATE_DIR, { recursive: true })
  const template = await startServer({
    port: E2E_TEMPLATE_PORT,
    dataDir: E2E_TEMPLATE_DIR,
    env: { OWE_STATIC_DIR: E2E_STATIC_DIR, OWE_SCHEDULER_MS: '0' },
  })
  const code = await template.stop()
  if (code !== 0) throw new Error(`The template server did not stop cleanly (${code}):\n${template.output()}`)
  const catcher = await startMailCatcher({ port: E2E_SMTP_PORT, folder: E2E_MAIL_DIR })
  return () => catcher.close()
}

import fs from 'node:fs'
import { startMailCatcher } from './mail-catcher'
import { E2E_MAIL_DIR, E2E_SMTP_PORT } from './e2e-env'

/** The browser journeys' mail provider: a local SMTP server whose messages the specs read from a folder. */
export default async function globalSetup() {
  fs.rmSync(E2E_MAIL_DIR, { recursive: true, force: true })
  const catcher = await startMailCatcher({ port: E2E_SMTP_PORT, folder: E2E_MAIL_DIR })
  return () => catcher.close()
}

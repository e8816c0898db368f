/** Shared by playwright.config.ts, its global setup and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4180)
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4325)
export const E2E_MAIL_DIR = '.tmp/e2e-mail'
/** The build the journeys run against (scripts/build-e2e.mjs: push on for a made-up Firebase project). */
export const E2E_STATIC_DIR = '.tmp/e2e-dist'

/** Shared by playwright.config.ts, its global setup and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4180)
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4325)
export const E2E_MAIL_DIR = '.tmp/e2e-mail'

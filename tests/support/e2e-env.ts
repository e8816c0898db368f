/**
 * Shared by playwright.config.ts, its global setup and the specs. Each can be moved with an environment
 * variable so that two runs of the journeys on one machine keep out of each other's way.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4180)
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4325)
/** The server the global setup starts once to make E2E_TEMPLATE_DIR, then stops. */
export const E2E_TEMPLATE_PORT = Number(process.env.E2E_TEMPLATE_PORT ?? 4326)
/** A migrated and seeded data folder that each journey's own server starts from a copy of (offline-support.ts). */
export const E2E_TEMPLATE_DIR = process.env.E2E_TEMPLATE_DIR ?? '.tmp/e2e-template-data'
/** The first port of the servers journeys start for themselves (offline-support.ts). */
export const E2E_OWN_PORT_BASE = Number(process.env.E2E_OWN_PORT_BASE ?? 4330)
export const E2E_MAIL_DIR = process.env.E2E_MAIL_DIR ?? '.tmp/e2e-mail'
/** The build the journeys run against (scripts/build-e2e.mjs: push on for a made-up Firebase project). */
export const E2E_STATIC_DIR = process.env.E2E_STATIC_DIR ?? '.tmp/e2e-dist'

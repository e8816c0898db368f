import { defineConfig } from '@playwright/test'
import { E2E_PORT as PORT, E2E_SMTP_PORT, E2E_STATIC_DIR } from './tests/support/e2e-env'

const dataDir = `.tmp/e2e-data-${process.pid}`

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** Browser journeys in Debian's Chromium against the built app served by the real server. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  globalSetup: './tests/support/e2e-global-setup.ts',
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx server/src/main.ts`,
    url: `http://localhost:${PORT}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      OWE_DATA_DIR: dataDir,
      OWE_STATIC_DIR: E2E_STATIC_DIR,
      LOG_LEVEL: 'warn',
      // Mail goes to the local SMTP server of the global setup; links point back at this server.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      OWE_PUBLIC_URL: `http://localhost:${PORT}`,
      // The same server reached at 127.0.0.1 is the same site: a checkout started there comes back there.
      OWE_SITE_ORIGINS: `http://127.0.0.1:${PORT}`,
      // Many journeys sign in from one address within minutes; the limits themselves are API-tested.
      OWE_AUTH_RATE_LIMIT: '1000',
      OWE_CHECK_RATE_LIMIT: '1000',
      OWE_PAYMENT_RATE_LIMIT: '1000',
      // Every page of every journey sends its analytics from this one address.
      OWE_EVENT_RATE_LIMIT: '100000',
      // And every journey's browser reads from it; a reader's own allowance is tested by the journeys with a server of their own.
      OWE_READ_RATE_LIMIT: '10000000',
      OWE_READ_BURST: '10000000',
    },
  },
})

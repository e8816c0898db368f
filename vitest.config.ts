import { availableParallelism } from 'node:os'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname, '@core': new URL('./src/core', import.meta.url).pathname } },
  test: {
    // Vitest's default leaves a core to itself (one worker on two cores); the files mostly wait on databases and
    // timers, and two workers on two cores took a CI run's unit and API tests from 140 s and 260 s to 117 s and 212 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'server/src/**/*.test.ts', 'scripts/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/api-global-setup.ts'],
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Two server processes on one PostgreSQL (DATABASE_URL) under a minute of load: `npm run test:scale`.
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          testTimeout: 150_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})

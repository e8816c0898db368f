// `npm test`: type-check, lint, unit and API tests, a production build and its first page's budget
// (scripts/check-first-page.mjs), then the browser tests in Chromium.
// Each step stops the run on failure with its name printed.
import { spawnSync } from 'node:child_process'
import { findChromium } from './find-chromium.mjs'

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`)
    process.exit(result.status ?? 1)
  }
}

let chromium
try {
  chromium = findChromium()
} catch (error) {
  console.error(error.message)
  process.exit(1)
}

step('type-check', 'npx', ['tsc', '-b'])
step('lint', 'npm', ['run', 'lint'])
step('unit tests', 'npx', ['vitest', 'run', '--project', 'unit'])
step('API tests', 'npx', ['vitest', 'run', '--project', 'api'])
step('build', 'npm', ['run', 'build'])
step("first page's weight and styles", process.execPath, ['scripts/check-first-page.mjs'])
step('build for the browser tests (push on)', process.execPath, ['scripts/build-e2e.mjs'])
step('browser tests', 'npx', ['playwright', 'test'], { CHROMIUM_PATH: chromium })
console.log('\n✔ all tests passed')

// Finds Chromium for the browser tests: CHROMIUM_PATH, then Debian's /usr/bin/chromium. When running as
// root without one, installs Debian's package; otherwise explains what to do.
import { execSync } from 'node:child_process'
import fs from 'node:fs'

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)

export function findChromium({ install = true } = {}) {
  const found = CANDIDATES.find((candidate) => fs.existsSync(candidate))
  if (found) return found
  if (install && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found; installing Debian’s chromium package…')
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' })
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  }
  throw new Error(
    'Chromium is needed for the browser tests and was not found. Install it (Debian: `sudo apt-get install chromium`) ' +
      'or set CHROMIUM_PATH to its executable.',
  )
}

// Builds the app for the browser journeys into .tmp/e2e-dist (or $E2E_STATIC_DIR): the product's build, with push switched on
// for a made-up Firebase project (tests/support/e2e-firebase.json). dist/ stays the build `npm start` serves.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const outDir = path.resolve(root, process.env.E2E_STATIC_DIR ?? '.tmp/e2e-dist')
const firebase = JSON.parse(fs.readFileSync(path.join(root, 'tests/support/e2e-firebase.json'), 'utf8'))
delete firebase['//']

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], firebase)
// The server's renderer of the public pages, from the same sources and settings (read beside the app: <outDir>-ssr).
run('npx', ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', `${outDir}-ssr`, '--emptyOutDir'], firebase)
run(process.execPath, [path.join(root, 'scripts/compress-dist.mjs'), outDir])

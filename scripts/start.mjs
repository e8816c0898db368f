// `npm start`: builds the app when dist/ is missing or older than its sources, then runs the server.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(root, 'dist', 'index.html')
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

const renderer = path.join(root, 'dist-ssr', 'entry-server.js')
// Both halves of the build: the app, and the server's renderer of the public pages.
const builtAt = Math.min(...[built, renderer].map((file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0))
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))
if (builtAt < sourcesAt) {
  // A first build takes a minute or two on a small machine: say so before the builder's own output begins.
  console.log(
    builtAt
      ? 'Òwe: the app changed since the last build; building it again before the server starts (up to a minute or two)…'
      : 'Òwe: building the app before its first start. This takes a minute or two on a small machine; the server starts on http://localhost:8080 once it is built.',
  )
  const started = Date.now()
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error('Òwe: the build failed (its errors are above); the server was not started.')
    process.exit(result.status ?? 1)
  }
  console.log(`Òwe: built in ${Math.round((Date.now() - started) / 1000)} s; starting the server…`)
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' })
// A process manager stops `npm start` with SIGTERM: the server gets it too and closes gracefully (requests
// in flight finish, the database closes); this process leaves with the server's exit code.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

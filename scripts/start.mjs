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
  console.log(builtAt ? 'The app changed since the last build; building…' : 'Building the app (first start)…')
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], { cwd: root, stdio: 'inherit' })
// A process manager stops `npm start` with SIGTERM: the server gets it too and closes gracefully (requests
// in flight finish, the database closes); this process leaves with the server's exit code.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

// `npm start`: builds the app when dist/ is missing or older than its sources, then runs the server.
// package.json runs this file with `exec`, so the shell npm starts it with is replaced by node: a process
// manager's SIGTERM to `npm start` reaches this process (npm passes it to its child), which passes it on to
// the build or the server and leaves with the server's status once it has closed.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const SOURCES = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

const signalled = (signal) => 128 + (os.constants.signals[signal] ?? 0)

/** The child running now (the build, then the server); a signal for this process goes to it. */
let child = null
let stopping = null
for (const signal of ['SIGTERM', 'SIGINT']) {
  // on, not once: a terminal's Ctrl-C reaches every process of the group, and a second signal must not kill
  // this one before the server has closed.
  process.on(signal, () => {
    stopping ??= signal
    if (child) child.kill(signal)
    else process.exit(signalled(signal))
  })
}

/** Runs a command as this process's child; resolves with the status this process should leave with. */
function run(command, args) {
  child = spawn(command, args, { cwd: root, stdio: 'inherit' })
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      child = null
      resolve(code ?? signalled(signal))
    })
  })
}

// Both halves of the build: the app, and the server's renderer of the public pages. The server serves
// OWE_STATIC_DIR when it is set: a build made elsewhere, so there is nothing to build here.
const servesOwnBuild = path.resolve(root, process.env.OWE_STATIC_DIR?.trim() || 'dist') === path.join(root, 'dist')
const builtAt = Math.min(
  ...[path.join(root, 'dist', 'index.html'), path.join(root, 'dist-ssr', 'entry-server.js')].map(
    (file) => fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0,
  ),
)
if (servesOwnBuild && builtAt < Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))))) {
  // A first build takes a minute or two on a small machine: say so before the builder's own output begins.
  console.log(
    builtAt
      ? 'Òwe: the app changed since the last build; building it again before the server starts (up to a minute or two)…'
      : 'Òwe: building the app before its first start. This takes a minute or two on a small machine; the server starts on http://localhost:8080 once it is built.',
  )
  const started = Date.now()
  const status = await run('npm', ['run', 'build'])
  if (stopping) process.exit(signalled(stopping))
  if (status !== 0) {
    console.error('Òwe: the build failed (its errors are above); the server was not started.')
    process.exit(status)
  }
  console.log(`Òwe: built in ${Math.round((Date.now() - started) / 1000)} s; starting the server…`)
}

// The server closes gracefully on the signal passed on (requests in flight finish, the database closes).
process.exit(await run(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')]))

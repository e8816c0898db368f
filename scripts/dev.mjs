// `npm run dev`: the API on :8080 and Vite on :5173 with the API behind its proxy.
import { spawn } from 'node:child_process'

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, OWE_CORPUS_CACHE_MS: process.env.OWE_CORPUS_CACHE_MS ?? '0' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((child) =>
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  }),
)

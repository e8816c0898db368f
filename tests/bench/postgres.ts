/**
 * A throwaway PostgreSQL server for the benchmarks: DATABASE_URL when set, else a cluster made here with
 * Debian's server binaries (as .ci/run does), or none (the caller says the PostgreSQL numbers are missing).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export type BenchPostgres = { url: string; stop(): Promise<void> }

function serverBinaries(): string | null {
  const root = '/usr/lib/postgresql'
  if (!fs.existsSync(root)) return null
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? path.join(root, versions[0], 'bin') : null
}

/** A new, empty database on the server, dropped by stop(). */
async function freshDatabaseOn(url: string, onStop: () => Promise<void>): Promise<BenchPostgres> {
  const name = `owe_bench_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const dbUrl = new URL(url)
  dbUrl.pathname = `/${name}`
  return {
    url: dbUrl.toString(),
    stop: async () => {
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await cleanup.end()
      await onStop()
    },
  }
}

/** Null (with the reason printed) when no PostgreSQL server can be had here. */
export async function benchPostgres(port = 55450): Promise<BenchPostgres | null> {
  if (process.env.DATABASE_URL) return freshDatabaseOn(process.env.DATABASE_URL, async () => {})
  const bin = serverBinaries()
  if (!bin) {
    console.log('   (no PostgreSQL server here: apt-get install postgresql, or set DATABASE_URL)')
    return null
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-bench-pg-'))
  // initdb refuses to run as root: the cluster belongs to the postgres user when we are root.
  const asRoot = process.getuid?.() === 0
  const run = (command: string) => {
    const result = asRoot
      ? spawnSync('su', ['postgres', '-s', '/bin/bash', '-c', command], { encoding: 'utf8' })
      : spawnSync('bash', ['-c', command], { encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command}\n${result.stderr}`)
  }
  if (asRoot) execFileSync('chown', ['postgres', dataDir])
  run(`'${bin}/initdb' -D '${dataDir}' -A trust -U postgres > /dev/null`)
  run(
    `'${bin}/pg_ctl' -D '${dataDir}' -o '-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200' -l '${dataDir}/server.log' -w start > /dev/null`,
  )
  return freshDatabaseOn(`postgres://postgres@127.0.0.1:${port}/postgres`, async () => {
    run(`'${bin}/pg_ctl' -D '${dataDir}' -m fast -w stop > /dev/null`)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
}

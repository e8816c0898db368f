/** What the server-side benchmarks share: statistics, a seeded database of their own, timed API reads. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { openDatabase, type Database } from '../../server/src/db/client'
import { seed } from '../../server/src/db/seed/seed'

/**
 * Load sent from this one address stands for many readers: the per-client read allowance (server/src/http/read-limit.ts)
 * is lifted for it. The flood benchmark (flood.ts) measures the allowance itself.
 */
export const MANY_READERS = { OWE_READ_RATE_LIMIT: '10000000', OWE_READ_BURST: '10000000' }

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
export const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]

/** A migrated, seeded embedded database in a temporary folder (as `npm start` runs it), removed after `work`. */
export async function withBenchDatabase<T>(name: string, work: (database: Database) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `owe-bench-${name}-`))
  const database = await openDatabase({ kind: 'pglite', dataDir })
  try {
    await database.migrate()
    await seed(database.db)
    return await work(database)
  } finally {
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export type Timing = { medianMs: number; p95Ms: number }

/**
 * Server time of signed-in GETs through app.inject(), `runs` times each after five warm-ups; prints one
 * line per call against the budget and returns the medians and p95s by name. Each must answer `status`
 * (200 unless told: a 404 is the answer some calls are timed for).
 */
export async function timeGets(
  app: FastifyInstance,
  token: string,
  calls: Record<string, string>,
  options: { runs: number; budgetMs: number; labelWidth: number; status?: number },
): Promise<Record<string, Timing>> {
  const status = options.status ?? 200
  const measured: Record<string, Timing> = {}
  // Each run stands for another reader: from an address of its own, inside its read allowance.
  let reader = 0
  const readerAddress = () => `10.77.${Math.floor(++reader / 250) % 250}.${(reader % 250) + 1}`
  for (const [name, url] of Object.entries(calls)) {
    const times: number[] = []
    for (let i = 0; i < options.runs + 5; i++) {
      const start = performance.now()
      const res = await app.inject({ method: 'GET', url, remoteAddress: readerAddress(), headers: { authorization: `Bearer ${token}` } })
      const ms = performance.now() - start
      if (res.statusCode !== status) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`)
      if (i >= 5) times.push(ms) // the first few warm the plans
    }
    measured[name] = { medianMs: Number(median(times).toFixed(2)), p95Ms: Number(p95(times).toFixed(2)) }
    const ok = median(times) < options.budgetMs ? 'OK' : 'OVER'
    console.log(
      `   ${name.padEnd(options.labelWidth)} median ${median(times).toFixed(1).padStart(5)} ms  p95 ${p95(times).toFixed(1).padStart(5)} ms  (budget < ${options.budgetMs} ms) ${ok}`,
    )
  }
  return measured
}

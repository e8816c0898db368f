/**
 * Admin benchmarks for `npm run bench -- admins` (sections 14–16 of bench.ts), on the embedded
 * database as `npm start` runs it:
 * 14. a bulk import of 5,000 proverbs (rows checked one by one, duplicates looked up, one transaction):
 *     rows per second (budget: the whole file < 30 s, so an admin's upload answers within a request);
 * 15. seeding at a start, as every start does, on the shipped corpus alone and then with those 5,000
 *     imported proverbs and 100 seeded rows taken over by admins (seeding skips overridden keys and
 *     the slugs of other sources; budget: median < 2 s);
 * 16. the console's proverb list over that corpus: the first page, a text search, a group filter
 *     (server time, budget: median < 50 ms each).
 * The imported rows are benchmark data in a throw-away database, never shown to readers.
 */
import { eq } from 'drizzle-orm'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { proverbs } from '../../server/src/db/schema'
import { recordOverride } from '../../server/src/db/seed/overrides'
import { seed } from '../../server/src/db/seed/seed'
import { importProverbs } from '../../server/src/features/admin/import/service'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import { adminOf } from '../support/accounts'
import { median, p95, timeGets, withBenchDatabase } from './measure'

const IMPORTED = 5_000
const OVERRIDES = 100
const SEED_RUNS = 5
const IMPORT_BUDGET_MS = 30_000
const SEED_BUDGET_MS = 2_000
const LIST_BUDGET_MS = 50
const GROUPS = ['yoruba', 'igbo', 'hausa', 'akan', 'kiswahili', 'zulu', 'amharic', 'afan-oromo']

const benchRows = () =>
  Array.from({ length: IMPORTED }, (_, n) => ({
    ethnic: GROUPS[n % GROUPS.length],
    proverb: `Benchmark row ${n} of the bulk import, with a few more words to be realistic.`,
    transliteration: `Benchmark row ${n}, rendered.`,
    interpretation: `What benchmark row ${n} would mean, in a sentence or two of plain English.`,
    categories: n % 3 === 0 ? 'Wisdom; Patience' : 'Family',
  }))

async function timeSeeds(run: () => Promise<void>): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < SEED_RUNS; i++) {
    const start = performance.now()
    await run()
    times.push(performance.now() - start)
  }
  return times
}

export async function adminsBench(results: Record<string, unknown>): Promise<void> {
  await withBenchDatabase('ops', async (database) => {
    const db = database.db
    const plain = await timeSeeds(() => seed(db))

    console.log(`\n14. Bulk import of ${IMPORTED.toLocaleString('en')} proverbs (one file)`)
    const start = performance.now()
    const report = await importProverbs(db, benchRows(), null, new Date())
    const importMs = performance.now() - start
    if (report.imported !== IMPORTED)
      throw new Error(`imported ${report.imported} of ${IMPORTED}: ${JSON.stringify(report.rejected.slice(0, 3))}`)
    const perSecond = Math.round(IMPORTED / (importMs / 1000))
    console.log(
      `   ${(importMs / 1000).toFixed(1)} s, ${perSecond.toLocaleString('en')} rows a second (budget < ${IMPORT_BUDGET_MS / 1000} s) ${importMs < IMPORT_BUDGET_MS ? 'OK' : 'OVER'}`,
    )

    // Admins take over 100 seeded proverbs (as editing them in the console does).
    const seeded = await db
      .select({ id: proverbs.id, slug: proverbs.slug })
      .from(proverbs)
      .where(eq(proverbs.source, 'seed'))
      .limit(OVERRIDES)
    await db.transaction(async (tx) => {
      for (const row of seeded) {
        await recordOverride(tx, 'proverb', row.slug, row.id)
        await tx.update(proverbs).set({ source: 'admin' }).where(eq(proverbs.id, row.id))
      }
    })
    const grown = await timeSeeds(() => seed(db))
    console.log(`\n15. Seeding at a start (${SEED_RUNS} runs)`)
    const line = (label: string, times: number[]) =>
      console.log(
        `   ${label.padEnd(46)} median ${median(times).toFixed(0).padStart(5)} ms  p95 ${p95(times).toFixed(0).padStart(5)} ms  (budget < ${SEED_BUDGET_MS} ms) ${median(times) < SEED_BUDGET_MS ? 'OK' : 'OVER'}`,
      )
    line('the shipped corpus', plain)
    line(`+ ${IMPORTED.toLocaleString('en')} imported, ${OVERRIDES} taken over`, grown)

    console.log(`\n16. The console's proverb list over ${(await db.$count(proverbs)).toLocaleString('en')} proverbs (server time)`)
    const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', OWE_STATIC_DIR: '.tmp/no-app', OWE_SCHEDULER_MS: '0' }), {
      database,
      logger: false,
    })
    try {
      const admin = await adminOf(app, db)
      const list = await timeGets(
        app,
        admin.token,
        {
          'first page': `${ADMIN_API.proverbs}?page=1&size=20`,
          'text search ("row 4321")': `${ADMIN_API.proverbs}?q=${encodeURIComponent('row 4321')}`,
          'one group (igbo)': `${ADMIN_API.proverbs}?ethnic=igbo&page=3&size=20`,
        },
        { runs: 30, budgetMs: LIST_BUDGET_MS, labelWidth: 26 },
      )
      results.admins = {
        import: { rows: IMPORTED, ms: Math.round(importMs), rowsPerSecond: perSecond },
        seed: { plainMedianMs: Math.round(median(plain)), grownMedianMs: Math.round(median(grown)), overrides: OVERRIDES },
        list,
      }
    } finally {
      await app.close()
    }
  })
}

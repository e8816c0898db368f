import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import * as schema from './schema'
import { lockDataDir } from './lock'

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url))

/** The advisory lock servers take turns on to migrate one PostgreSQL database (an arbitrary 64-bit number: "owe-migr"). */
const MIGRATION_LOCK = '7959395063318096242'

/** Both drivers expose the same query builder; the app codes against this one type. */
export type Db = ReturnType<typeof drizzlePglite<typeof schema>>
/** The handle a `db.transaction(async (tx) => …)` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  /**
   * The database for public reads, whose every statement is cancelled after `statementTimeoutMs` (PostgreSQL's
   * statement_timeout, SQLSTATE 57014): on PostgreSQL a pool of its own whose connections are opened with that
   * setting, made once; on PGlite the one connection, unbounded — its WASM build has no timer to cancel a statement
   * (statement_timeout is accepted and never fires), and a statement cannot be interrupted from outside either.
   */
  publicDb(statementTimeoutMs: number): Db
  /** Refreshes planner statistics; PGlite never autovacuums by itself. */
  analyze(): Promise<void>
  /**
   * PGlite only: the whole data folder as a gzipped tarball, consistent (waits for transactions in flight;
   * never call it inside one). Backups and the tests' seeded template are made this way.
   */
  dump(): Promise<Blob>
  close(): Promise<void>
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In memory, optionally from a dumped data folder (tests copy a seeded template this way). */
  | { kind: 'pglite-memory'; loadDataDir?: Blob }

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 10 })
    // An idle connection the server drops (a restart, a failover) must not crash the process: the pool
    // replaces it on the next query. Without a listener Node treats the error as unhandled.
    pool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`))
    const db = drizzlePg(pool, { schema }) as unknown as Db
    const publicPools = new Map<number, { pool: pg.Pool; db: Db }>()
    return {
      db,
      kind: 'postgres',
      publicDb: (timeoutMs) => {
        let reads = publicPools.get(timeoutMs)
        if (!reads) {
          const readPool = new pg.Pool({ connectionString: target.url, max: 10, options: `-c statement_timeout=${Math.round(timeoutMs)}` })
          readPool.on('error', (error) => console.warn(`PostgreSQL dropped an idle connection: ${error.message}`))
          reads = { pool: readPool, db: drizzlePg(readPool, { schema }) as unknown as Db }
          publicPools.set(timeoutMs, reads)
        }
        return reads.db
      },
      migrate: async () => {
        // Servers starting together on one database take turns: drizzle's migrator holds no lock itself,
        // and two running the same CREATE TABLE at once fail. The lock lives as long as this connection.
        const holder = await pool.connect()
        try {
          await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
          try {
            await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR })
          } finally {
            await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
          }
        } finally {
          holder.release()
        }
      },
      analyze: async () => {
        await pool.query('ANALYZE')
      },
      dump: () => Promise.reject(new Error('dump() is for PGlite; use CREATE DATABASE … TEMPLATE on PostgreSQL')),
      close: async () => {
        await Promise.all([pool.end(), ...[...publicPools.values()].map((reads) => reads.pool.end())])
      },
    }
  }

  const release = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => {}
  let client: PGlite
  try {
    client =
      target.kind === 'pglite' ? await PGlite.create({ dataDir: target.dataDir }) : await PGlite.create({ loadDataDir: target.loadDataDir })
  } catch (error) {
    release()
    throw error
  }
  const db = drizzlePglite(client, { schema })
  return {
    db,
    kind: 'pglite',
    publicDb: () => db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    analyze: async () => {
      await client.exec('VACUUM ANALYZE')
    },
    // dumpDataDir() alone waits only for the statement running, not for a transaction between statements.
    // Run inside a transaction, the dump holds PGlite's transaction lock, which every query and transaction
    // takes: no write is half done in the copy. CHECKPOINT first: the data files are complete, nothing is
    // left to replay. The one place a dump takes that lock: dump() called inside a transaction (drizzle's
    // too) would wait for itself.
    dump: () =>
      client.transaction(async (tx) => {
        await tx.exec('CHECKPOINT')
        return client.dumpDataDir('gzip')
      }),
    close: async () => {
      try {
        await client.close()
      } finally {
        release()
      }
    },
  }
}

import { randomBytes } from 'node:crypto'
import type { RouteOptions } from 'fastify'
import fs from 'node:fs'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp } from '../../server/src/app'
import { loadConfig } from '../../server/src/config'
import { openDatabase, type Database } from '../../server/src/db/client'

/** A fresh copy of the seeded template database, private to the calling test file. */
export async function freshDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL
  const template = inject('postgresTemplate')
  if (url && template) {
    const name = `owe_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`)
    await admin.end()
    const dbUrl = new URL(url)
    dbUrl.pathname = `/${name}`
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString() })
    return {
      ...database,
      drop: async () => {
        await database.close()
        const cleanup = new pg.Client({ connectionString: url })
        await cleanup.connect()
        // pool.end() resolves before its connections have finished closing; terminating them then (FORCE)
        // makes pg raise "terminating connection" on a client already let go. Wait for them to leave.
        for (let i = 0; i < 50; i++) {
          const { rows } = await cleanup.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
          if (rows[0].n === 0) break
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await cleanup.end()
      },
    }
  }
  const dump = fs.readFileSync(inject('pgliteTemplate'))
  const database = await openDatabase({ kind: 'pglite-memory', loadDataDir: new Blob([dump]) })
  return { ...database, drop: () => database.close() }
}

/** The real app on a fresh database, driven through app.inject(); `onRoute` is told of every route registered. */
export async function createTestApp(env: Record<string, string> = {}, now?: () => Date, onRoute?: (route: RouteOptions) => void) {
  const database = await freshDatabase()
  const config = loadConfig({ OWE_CORPUS_CACHE_MS: '0', OWE_STATIC_DIR: '.tmp/no-app', LOG_LEVEL: 'silent', OWE_SCHEDULER_MS: '0', ...env })
  const app = await buildApp(config, { database, now, logger: false, onRoute })
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close()
      await database.drop()
    },
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies Method[]

/** The methods a registered route answers, without the HEAD and OPTIONS Fastify adds by itself. */
export function methodsOf(route: RouteOptions): Method[] {
  return [route.method].flat().filter((method): method is Method => METHODS.includes(method))
}

import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../server/src/db/client'
import { seed } from '../../server/src/db/seed/seed'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

export const TEMPLATE_DB = 'owe_test_template'

/**
 * Migrates and seeds one template database; every test file then starts from a fresh copy of it.
 * PGlite: a dumped data folder loaded in memory. PostgreSQL (DATABASE_URL set): CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL
  if (url) {
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`)
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`)
    await admin.end()
    const templateUrl = new URL(url)
    templateUrl.pathname = `/${TEMPLATE_DB}`
    const database = await openDatabase({ kind: 'postgres', url: templateUrl.toString() })
    await database.migrate()
    await seed(database.db)
    await database.close()
    project.provide('postgresTemplate', TEMPLATE_DB)
    project.provide('pgliteTemplate', '')
    return
  }
  const database = await openDatabase({ kind: 'pglite-memory' })
  await database.migrate()
  await seed(database.db)
  const dump = await database.dump()
  await database.close()
  const file = path.resolve('.tmp/api-template.tar.gz')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  project.provide('postgresTemplate', '')
}

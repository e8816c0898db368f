import fs from 'node:fs'
import path from 'node:path'
import { readImportFile } from '../features/admin/import/file'
import { importProverbs } from '../features/admin/import/service'
import { HttpError } from '../http/errors'
import { openForCli, runCli } from './open-database'

const USAGE = 'Usage: npm run proverbs:import -- <file.csv|file.json>'

runCli(async () => {
  const file = process.argv[2]
  if (!file || process.argv.length > 3) throw new Error(USAGE)
  const bytes = fs.readFileSync(file)
  let rows
  try {
    // The same checks as the upload (type by content, row limit), but no size limit for a local file.
    rows = readImportFile(bytes)
  } catch (error) {
    if (error instanceof HttpError) throw new Error(`${file}: ${error.message}`)
    throw error
  }
  const { config, database } = await openForCli()
  try {
    const report = await importProverbs(database.db, rows, null, new Date(), { file: path.basename(file), via: 'cli' })
    console.log(
      `${report.received} rows: ${report.imported} imported, ${report.duplicates} duplicates skipped, ${report.rejected.length} rejected.`,
    )
    for (const { row, reason } of report.rejected) console.log(`  row ${row}: ${reason}`)
    if (report.imported > 0 && config.databaseUrl)
      console.log('A server running on the same PostgreSQL database shows them within OWE_CORPUS_CACHE_MS (30 s by default).')
  } finally {
    await database.close()
  }
})

import { loadConfig } from '../config'
import { describeDuration, describeSize, postgresAdvice, restoreBackup } from '../db/backup/commands'
import { runCli } from './open-database'

const USAGE = 'Usage: npm run db:restore -- /absolute/path/owe-backup.tar.gz   (into OWE_DATA_DIR, which must be empty or new)'

runCli(async () => {
  const file = process.argv[2]
  if (!file || process.argv.length > 3) throw new Error(USAGE)
  const config = loadConfig()
  if (config.databaseUrl) throw new Error(postgresAdvice(file))
  const result = await restoreBackup(file, config.dataDir)
  console.log(
    `Restored ${result.file} (${describeSize(result.bytes)}) into ${config.dataDir} in ${describeDuration(result.ms)}; the server can start on it.`,
  )
})

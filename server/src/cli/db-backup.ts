import { loadConfig } from '../config'
import { backupDataDir, describeDuration, describeSize, postgresAdvice } from '../db/backup/commands'
import { runCli } from './open-database'

const USAGE = 'Usage: npm run db:backup -- /absolute/path/owe-backup.tar.gz'

runCli(async () => {
  const file = process.argv[2]
  if (!file || process.argv.length > 3) throw new Error(USAGE)
  const config = loadConfig()
  if (config.databaseUrl) throw new Error(postgresAdvice(file))
  const started = performance.now()
  const result = await backupDataDir(config.dataDir, file)
  const how = result.serverPid === null ? 'no server was running' : `taken by the running server, pid ${result.serverPid}`
  console.log(
    `Backed up ${config.dataDir} to ${result.file}: ${describeSize(result.bytes)} in ${describeDuration(performance.now() - started)} (${how}).`,
  )
})

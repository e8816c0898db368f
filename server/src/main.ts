import { buildApp } from './app'
import { ConfigError, loadConfig } from './config'
import { startControlChannel } from './db/backup/control-channel'
import { openDatabase } from './db/client'
import { DataDirInUseError } from './db/lock'
import { seed } from './db/seed/seed'

/** How long a stopping server waits for requests in flight before dropping every connection. */
const CLOSE_GRACE_MS = 3000

/** Opens the database, applies migrations and seed data, and listens. */
async function main() {
  const config = loadConfig()
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  )
  try {
    await database.migrate()
    await seed(database.db)
    await database.analyze()
  } catch (error) {
    await database.close()
    throw error
  }
  const app = await buildApp(config, { database })
  // Lets `npm run db:backup` snapshot the embedded database while this server holds it.
  const control = await startControlChannel(database, config.dataDir, app.log)
  app.addHook('onClose', async () => {
    await control.close()
    await database.close()
  })

  const stop = async (signal: string) => {
    app.log.info(`${signal}: closing`)
    // Requests in flight get a few seconds to finish; sockets that never sent one (a browser's
    // preconnects) would otherwise hold the close open indefinitely.
    setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS).unref()
    await app.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop('SIGINT'))
  process.once('SIGTERM', () => void stop('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`
  const push = config.push ? `FCM project ${config.push.projectId}` : 'off (FIREBASE_SERVICE_ACCOUNT not set)'
  const scheduler = config.schedulerMs > 0 ? `every ${config.schedulerMs / 1000} s` : 'off'
  app.log.info(`Òwe is serving http://localhost:${config.port} (database: ${where}; push: ${push}; scheduler: ${scheduler})`)
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError || error instanceof ConfigError) {
    console.error(`Òwe cannot start: ${error.message}`)
  } else {
    console.error('Òwe failed to start:', error)
  }
  process.exit(1)
})

import { buildApp } from './app'
import { ConfigError, describePayments, loadConfig } from './config'
import { startControlChannel } from './db/backup/control-channel'
import { openDatabase } from './db/client'
import { DataDirInUseError } from './db/lock'
import { seed } from './db/seed/seed'

/**
 * Listens at once (so /api/health answers and /api/health/ready says 503 while starting), then applies
 * migrations and seed data, then opens every route and starts the background work. On SIGTERM or SIGINT
 * it stops taking connections, lets requests in flight finish (at most OWE_SHUTDOWN_GRACE_MS), stops the
 * scheduler and the mail worker between jobs, and closes the database: nothing acknowledged is lost.
 */
async function main() {
  const config = loadConfig()
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  )
  const app = await buildApp(config, { database, startsReady: false }).catch(async (error: unknown) => {
    await database.close()
    throw error
  })
  // Lets `npm run db:backup` snapshot the embedded database while this server holds it.
  const control = await startControlChannel(database, config.dataDir, app.log)
  // onClose hooks run after the server has stopped and every request has ended.
  app.addHook('onClose', async () => {
    await control.close()
    await database.close()
  })

  let stopping: Promise<void> | undefined
  const stop = (signal: string) => {
    stopping ??= (async () => {
      const graceMs = config.http.shutdownGraceMs
      app.log.info(`${signal}: no new connections; requests in flight have ${graceMs / 1000} s to finish`)
      // No new connections from now on; idle keep-alive ones are closed, and busy ones after their answer
      // (beginDraining). `closed` settles once the last connection has ended; only then do the workers stop
      // and the database close (app.close below).
      app.beginDraining()
      const closed = new Promise<void>((resolve) => app.server.close(() => resolve()))
      app.server.closeIdleConnections()
      const force = setTimeout(() => {
        app.log.warn('requests still running after the grace period: closing their connections')
        app.server.closeAllConnections()
      }, graceMs)
      force.unref()
      await closed
      clearTimeout(force)
      try {
        await app.close()
        app.log.info('closed')
        process.exit(0)
      } catch (error) {
        app.log.error({ err: error }, 'closing failed')
        process.exit(1)
      }
    })()
  }
  // on, not once: a terminal's Ctrl-C reaches both npm start and this process; the second signal must not kill it mid-close.
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  try {
    await database.migrate()
    await seed(database.db)
    await database.analyze()
    await app.markReady()
  } catch (error) {
    await app.close()
    throw error
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`
  const push = config.push ? `FCM project ${config.push.projectId}` : 'off (FIREBASE_SERVICE_ACCOUNT not set)'
  const scheduler = config.schedulerMs > 0 ? `every ${config.schedulerMs / 1000} s` : 'off'
  const mail = config.smtpUrl ? 'SMTP' : 'kept in the outbox (SMTP_URL not set)'
  app.log.info(
    `Òwe is serving http://localhost:${config.port} (database: ${where}; push: ${push}; scheduler: ${scheduler}; mail: ${mail}; payments: ${describePayments(config.payments)})`,
  )
}

main().catch((error: unknown) => {
  if (error instanceof DataDirInUseError || error instanceof ConfigError) {
    console.error(`Òwe cannot start: ${error.message}`)
  } else {
    console.error('Òwe failed to start:', error)
  }
  process.exit(1)
})

import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify'
import { createHash } from 'node:crypto'
import { API } from '@core/http/api-paths'
import { HEAD_SCRIPT } from '@core/shared/head-script'
import { describePayments, type Config } from './config'
import { openDatabase, type Database } from './db/client'
import { BODY_LIMITS } from './http/body-limits'
import { frameworkErrorResponse, registerErrorHandling } from './http/errors'
import { createPublicCache } from './http/public-cache'
import { registerReadLimit } from './http/read-limit'
import { serveApp } from './http/static-app'
import { healthFeature } from './features/health'
import { pagesFeature } from './features/pages'
import { previewsFeature } from './features/previews'
import { shareTargetFeature } from './features/share-target'
import { proverbsFeature } from './features/proverbs'
import { subscriptionsFeature } from './features/subscriptions'
import { accountFeature } from './features/account'
import { authFeature } from './features/auth'
import { quizFeature } from './features/quiz'
import { leaderboardFeature } from './features/leaderboard'
import { notificationsFeature } from './features/notifications'
import { paymentsFeature } from './features/payments'
import { createPaymentService } from './features/payments/service'
import { adsFeature } from './features/ads'
import { adminRoutes } from './features/admin'
import { communityFeature } from './features/community'
import { analyticsFeature } from './features/analytics'
import { learningFeature } from './features/learning'
import { loadLinkSecret, withUnsubscribeLinks } from './services/unsubscribe'
import { loadServerSecret } from './services/server-secrets'
import { createMailer } from './services/mail'
import { createMailWorker, createSmtpTransport, type MailTransport, type MailWorker } from './services/mail-worker'
import { createNotifier } from './services/notify'
import { createPushSender, type PushSender } from './services/push'
import { createWebPushSender, loadVapidKeys, type VapidKeys } from './services/web-push'
import { createScheduler } from './services/scheduler'
import { scheduledJobs } from './jobs'
import { createPaymentProviders } from './services/payments'
import type { PaymentProvider } from './services/payments/types'
import multipart from '@fastify/multipart'
import { registerOpenApi } from './openapi'

declare module 'fastify' {
  interface FastifyInstance {
    /** Delivers queued mail (null without SMTP): tests and benchmarks drain it. */
    mailWorker: MailWorker | null
    /** Opens every route and starts the background work, once the database is migrated and seeded. */
    markReady(): Promise<void>
    /** From now on every answer closes its connection (the server is stopping). */
    beginDraining(): void
  }
}

export type AppOptions = {
  /** An open, migrated database; when absent one is opened from config and closed with the app. */
  database?: Database
  now?: () => Date
  /** False for no log; a stream to write the log's lines to instead of stdout (tests read them). */
  logger?: boolean | { stream: { write(line: string): void } }
  /** How queued mail leaves; by default SMTP when SMTP_URL is set, else it is only kept in the outbox (tests pass stand-ins). */
  mailTransport?: MailTransport
  /**
   * False when the database is not migrated and seeded yet (main.ts listens first): every route but the
   * health ones answers 503 until `app.markReady()`. By default the database is ready.
   */
  startsReady?: boolean
  /** Where push goes; by default FCM when configured, else nowhere (tests pass a recorder). */
  push?: PushSender
  /** The payment providers offered, instead of those configured (tests pass scripted ones). */
  paymentProviders?: PaymentProvider[]
  /** Told of every route as it is registered (tests walk them all). */
  onRoute?: (route: RouteOptions) => void
}

/** The one inline script allowed: index.html's head script, by its hash (src/core/shared/head-script.ts). */
const HEAD_SCRIPT_HASH = `sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}`

/**
 * Same-origin only (fonts and images are self-hosted), except the two Firebase services the messaging
 * SDK calls to get a push token. Scripts are this server's files, and one inline script known by its hash.
 */
const SECURITY_HEADERS = {
  'Content-Security-Policy':
    `default-src 'self'; script-src 'self' '${HEAD_SCRIPT_HASH}'; style-src 'self' 'unsafe-inline'; ` +
    "img-src 'self' data: blob:; media-src 'self' blob:; " +
    "font-src 'self'; connect-src 'self' https://firebaseinstallations.googleapis.com https://fcmregistrations.googleapis.com; " +
    "worker-src 'self'; manifest-src 'self'; base-uri 'self'; " +
    "form-action 'self'; frame-ancestors 'none'; object-src 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
}

/**
 * Served over https (OWE_PUBLIC_URL), browsers are told to come back over https only, for a year, and never
 * to fall back to http (where a cookie or a password could be read on the way). Not over http: a browser
 * ignores it there, and a local server must stay reachable.
 */
function securityHeaders(publicUrl: string): Record<string, string> {
  return publicUrl.startsWith('https:') ? { ...SECURITY_HEADERS, 'Strict-Transport-Security': 'max-age=31536000' } : SECURITY_HEADERS
}

/** What a request Node refused before routing is told: status, reason phrase, code and message. */
function clientErrorAnswer(nodeCode: string | undefined): [number, string, string, string] {
  if (nodeCode === 'HPE_HEADER_OVERFLOW')
    return [431, 'Request Header Fields Too Large', 'headers_too_large', 'The request could not be understood.']
  if (nodeCode === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', 'request_timeout', 'The request took too long to arrive.']
  return [400, 'Bad Request', 'bad_request', 'The request could not be understood.']
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const headers = securityHeaders(config.publicUrl)
  const database =
    options.database ??
    (await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir }))
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}) },
    // One line per request only when asked for (LOG_LEVEL=debug or trace).
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    bodyLimit: BODY_LIMITS.json,
    // Nothing waits on a client forever: a body trickled a byte a second is cut off at requestTimeout (408).
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    // Node looks for requests past their timeout every 30 s by default; a second keeps the bound close.
    http: { headersTimeout: config.http.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    // A count of proxies means: believe that many hops nearest to us (what proxy-addr does with a number).
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = frameworkErrorResponse(error)
      const envelopeReply = reply as FastifyReply
      envelopeReply.code(status).headers(headers).send(body)
    },
    // Requests Node cannot even parse (raw bytes in the URL, oversized headers) or that did not arrive in
    // time (OWE_REQUEST_TIMEOUT_MS) get a plain envelope, and the connection is closed.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return
      const [status, reason, code, message] = clientErrorAnswer((error as { code?: string }).code)
      const body = JSON.stringify({ error: { code, message } })
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      )
    },
  })
  if (!options.database) app.addHook('onClose', () => database.close())
  if (options.onRoute) app.addHook('onRoute', options.onRoute)

  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers)
  })
  registerErrorHandling(app)

  await app.register(multipart)
  // Before the routes: it hears of each one as it is registered (docs/decisions/014-openapi.md).
  await registerOpenApi(app)

  const now = options.now ?? (() => new Date())
  const lifecycle = { ready: false, booted: false, draining: false, linkSecret: '', deviceSecret: '', vapid: null as VapidKeys | null }

  // Mail is committed to the outbox with the change it tells about; with SMTP a worker delivers it.
  const transport = options.mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null)
  const mailWorker = transport ? createMailWorker({ db: database.db, transport, log: app.log, now, pollMs: config.mailPollMs }) : null
  // Every mail carries its unsubscribe link; optional mail skips addresses that unsubscribed.
  const mailer = withUnsubscribeLinks(
    createMailer({ smtp: mailWorker !== null, db: database.db, log: app.log, now, onQueued: () => mailWorker?.wake() }),
    {
      db: database.db,
      secret: () => lifecycle.linkSecret,
      publicUrl: config.publicUrl,
      log: app.log,
    },
  )

  const push = options.push ?? createPushSender(config.push, { log: app.log, now })
  // Safari's subscriptions, straight to Apple's push service with our VAPID key (docs/decisions/023-every-phone.md).
  const vapid = () => {
    if (!lifecycle.vapid) throw new Error('The VAPID keys are read when the server is ready')
    return lifecycle.vapid
  }
  const webPush = createWebPushSender({ keys: vapid, subject: config.webPush.subject, publicUrl: config.publicUrl, log: app.log, now })
  // Payments, moderation, admins' broadcasts and the timed jobs tell users things through deps.notifier.
  const notifier = createNotifier({ db: database.db, push, webPush, log: app.log })
  const payments = createPaymentService({
    db: database.db,
    providers: options.paymentProviders ?? createPaymentProviders(config.payments, { db: database.db, publicUrl: config.publicUrl }),
    notifier,
    log: app.log,
    nairaPerDollar: config.nairaPerDollar,
    publicUrl: config.publicUrl,
    siteOrigins: config.siteOrigins,
  })
  const deps = { db: database.db, sendPublic: createPublicCache(config.corpusCacheMs), now, notifier, payments }

  const scheduler =
    config.schedulerMs > 0
      ? createScheduler({
          log: app.log,
          now,
          intervalMs: config.schedulerMs,
          jobs: scheduledJobs({
            db: database.db,
            notifier,
            payments,
            checkoutAbandonMs: config.checkoutAbandonMs,
            analyticsRetentionDays: config.analyticsRetentionDays,
          }),
        })
      : null
  // Background work starts once the app is listening AND its database is migrated and seeded.
  const startWork = () => {
    scheduler?.start()
    mailWorker?.start()
  }
  app.addHook('onReady', async () => {
    lifecycle.booted = true
    if (lifecycle.ready) startWork()
  })
  // preClose runs before the server stops taking requests and before any onClose hook: the scheduler and
  // the mail worker stop between jobs, and a run in progress ends before the database closes.
  app.addHook('preClose', async () => {
    await Promise.all([scheduler?.stop(), mailWorker?.stop()])
  })
  app.decorate('mailWorker', mailWorker)
  app.decorate('beginDraining', () => {
    lifecycle.draining = true
  })
  // While the server stops, every answer closes its connection: a keep-alive client (a browser, a load
  // balancer) sends its next request elsewhere instead of holding the connection open.
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('Connection', 'close')
  })
  app.decorate('markReady', async () => {
    if (lifecycle.ready) return
    lifecycle.linkSecret = await loadLinkSecret(database.db, config.linkSecret)
    lifecycle.deviceSecret = await loadServerSecret(database.db, 'device-cookie', config.deviceCookieSecret)
    lifecycle.vapid = await loadVapidKeys(database.db, config.webPush.vapid)
    lifecycle.ready = true
    if (lifecycle.booted) startWork()
  })
  // Until the database is migrated and seeded only the health routes answer; the rest is a 503 to retry.
  app.addHook('onRequest', async (request, reply) => {
    if (lifecycle.ready || request.url.startsWith(API.health)) return
    reply.code(503).header('Retry-After', '2')
    return reply.send({ error: { code: 'starting', message: 'Òwe is starting. Try again in a moment.' } })
  })
  // One client's reads cannot take the server from the others (docs/decisions/028-read-allowance.md).
  registerReadLimit(app, config.readRateLimit, now)

  // One registration per feature: its index.ts registers all its routes (server/src/README.md).
  healthFeature(app, {
    database,
    isReady: () => lifecycle.ready,
    scheduler: () => scheduler?.status() ?? null,
    mailTransport: mailWorker ? 'smtp' : 'outbox',
    payments: describePayments(config.payments),
  })
  proverbsFeature(app, {
    ...deps,
    publicDb: database.publicDb(config.publicQueryTimeoutMs),
    publicUrl: config.publicUrl,
    likesPerMinute: config.likeRateLimit,
    staticDir: config.staticDir,
  })
  subscriptionsFeature(app, { ...deps, nairaPerDollar: config.nairaPerDollar })
  pagesFeature(app, deps)
  authFeature(app, { ...deps, config, mailer, deviceSecret: () => lifecycle.deviceSecret })
  accountFeature(app, deps)
  quizFeature(app, deps)
  leaderboardFeature(app, deps)
  notificationsFeature(app, {
    ...deps,
    webPush: { endpointOrigins: config.webPush.endpointOrigins, publicKey: () => vapid().publicKey },
  })
  paymentsFeature(app, { ...deps, checkRateLimit: config.checkRateLimit, paymentRateLimit: config.paymentRateLimit })
  adsFeature(app, deps)
  adminRoutes(app, { ...deps, mailer, publicUrl: config.publicUrl })
  communityFeature(app, { ...deps, config, mailer, linkSecret: () => lifecycle.linkSecret })
  analyticsFeature(app, {
    ...deps,
    retentionDays: config.analyticsRetentionDays,
    batchesPerMinute: config.eventRateLimit,
    addressEventsPerDay: config.addressEventsPerDay,
  })
  learningFeature(app, { ...deps, callsPerMinute: config.learningRateLimit })
  shareTargetFeature(app)
  const pages = previewsFeature(app, { ...deps, publicUrl: config.publicUrl, staticDir: config.staticDir })
  await serveApp(app, config.staticDir, pages)
  if (options.startsReady !== false) await app.markReady()
  return app
}

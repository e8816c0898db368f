import { createECDH } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { ReadAllowance } from './http/read-limit'

/**
 * The server's configuration, parsed once from the environment. Nothing else on the server reads
 * process.env. Every value has a working default for local use.
 */
export type Config = {
  port: number
  /** The address to listen on: 127.0.0.1 (this machine only) unless HOST says otherwise. */
  host: string
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null
  dataDir: string
  /** Folder of the built app (vite build output). */
  staticDir: string
  logLevel: string
  /** How long public corpus responses are reused in memory, in milliseconds (0 turns it off). */
  corpusCacheMs: number
  /**
   * How long one query of a public read may run on PostgreSQL before it is cancelled and the reader told to come back
   * (503 with Retry-After), in milliseconds: a slow search cannot hold a connection others wait for. PGlite cannot
   * cancel a query (Database.publicDb).
   */
  publicQueryTimeoutMs: number
  /** Naira per dollar shown on prices; the spec's 1000 unless configured. */
  nairaPerDollar: number
  /**
   * Which X-Forwarded-For hops to believe: false (none), a number of proxies you run in front, or their
   * addresses/CIDRs. Never "all": a client could then write its own address and dodge rate limits.
   */
  trustProxy: false | number | string[]
  /** Where people open the app; links in emails start with it. */
  publicUrl: string
  /**
   * Every origin the site is reached at (the public URL's first; e.g. www and the bare domain). A checkout
   * returns to the one it was started from when it is listed here, else to the public URL.
   */
  siteOrigins: string[]
  /** smtp:// or smtps:// URL of the mail server; when absent mail goes to the outbox table and the log. */
  smtpUrl: string | null
  mailFrom: string
  /** Sign-in, password-reset and activation-mail attempts allowed per client in 15 minutes. */
  authRateLimit: number
  /** Email, phone and promo-code checks allowed per client per minute. */
  checkRateLimit: number
  /** Proverb suggestions, and separately contact messages, allowed per client per hour. */
  communityRateLimit: number
  /** Likes and unlikes one reader may make in a minute (each one starts the public answers' reuse over). */
  likeRateLimit: number
  /** Where contact messages are forwarded (with SMTP); null: to every admin (users with the admin role). */
  contactEmail: string | null
  /**
   * Signs the unsubscribe links in emails. Null: the server makes one once and keeps it in the database
   * (server_secrets), so links survive restarts and every instance over one PostgreSQL shares it.
   */
  linkSecret: string | null
  /**
   * Signs the device cookies of browsers that signed in (docs/decisions/026-known-browsers.md). Null: made once
   * and kept in server_secrets, like the link secret.
   */
  deviceCookieSecret: string | null
  /** How long a session lasts without signing in again. */
  sessionDays: number
  /** Push through Firebase Cloud Messaging (HTTP v1); null when not configured (push is then skipped). */
  push: PushConfig | null
  /** Web Push straight to Apple's push service, for Safari's subscriptions (docs/decisions/023-every-phone.md). */
  webPush: WebPushConfig
  /** How often the scheduler looks for due work (weekly announcements, reminders), in ms; 0 turns it off. */
  schedulerMs: number
  /** How often the mail worker looks for mail that is due (it is also woken when a request queues one). */
  mailPollMs: number
  /** How long a pending checkout nobody came back from stays pending before it is marked abandoned. */
  checkoutAbandonMs: number
  /** Payment starts (initialize) allowed per user in an hour; checks (verify) fifteen times that; a client address ten users' worth. */
  paymentRateLimit: number
  /**
   * Days before today whose raw analytics events are kept (and late ones still taken); older rows are
   * deleted once rolled up into daily counts. At least 8: trending reads the last seven days.
   */
  analyticsRetentionDays: number
  /** Event batches one client address may send to the collector in a minute (many readers may share an address). */
  eventRateLimit: number
  /** Analytics events one client address may have stored in a UTC day, whatever browsers it claims to be. */
  addressEventsPerDay: number
  /** Calls to the learning API (entries sent, log pages pulled, summaries) one reader may make in a minute. */
  learningRateLimit: number
  /**
   * Reads (every GET but the static files) one client may make: `burst` at once, then `perMinute` a minute; a
   * refused one is answered after up to `holdMs`. Kept in each instance's memory: with several instances a client
   * may get up to that many times it.
   */
  readRateLimit: ReadAllowance
  payments: PaymentsConfig
  http: HttpLimits
}

/** How long the server waits on a client; none of these may be "forever" (a slow client holds a socket). */
export type HttpLimits = {
  /** The whole request, headers and body, must arrive within this; then 408 and the connection is closed. */
  requestTimeoutMs: number
  /** The headers alone must arrive within this (at most requestTimeoutMs). */
  headersTimeoutMs: number
  /** A connection on which nothing moves either way for this long is closed. */
  idleTimeoutMs: number
  /** How long an idle keep-alive connection waits for its next request (longer than a load balancer's 60 s). */
  keepAliveTimeoutMs: number
  /** How long a stopping server lets requests in flight finish before closing their connections. */
  shutdownGraceMs: number
}

/**
 * Payment providers. Each is on when its secret key is set; with none set, the built-in test mode is
 * (OWE_PAYMENTS_TEST_MODE=true keeps it on beside real ones, for staging). Base URLs point tests at
 * local stand-ins.
 */
export type PaymentsConfig = {
  paystack: { secretKey: string; baseUrl: string } | null
  stripe: { secretKey: string; webhookSecret: string; baseUrl: string } | null
  testMode: boolean
}

/** What the start-up line and /api/health say of payments: test mode gives plans away, and says so. */
export function describePayments(payments: PaymentsConfig): string {
  const real = [payments.paystack && 'Paystack', payments.stripe && 'Stripe'].filter(Boolean).join(' and ')
  if (!payments.testMode) return real || 'none (no provider keys, and test mode off)'
  return real ? `${real}, and the TEST MODE checkout — no money moves there` : 'TEST MODE — no money moves'
}

/** A Google service account's fields that signing in to FCM needs. */
export type ServiceAccount = { clientEmail: string; privateKey: string; tokenUri: string; projectId: string | null }

export type PushConfig = {
  serviceAccount: ServiceAccount
  projectId: string
  /** FCM's base URL; tests point it at a local stand-in. */
  fcmBaseUrl: string
}

export type WebPushConfig = {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url); null: the first server makes a pair and keeps it in the database. */
  vapid: { publicKey: string; privateKey: string } | null
  /** VAPID_SUBJECT: how a push service reaches us (mailto: or https:). */
  subject: string
  /**
   * OWE_WEB_PUSH_ORIGINS: the push services a subscription may name (Apple's unless told; tests add a local
   * stand-in). The server posts to a subscription's endpoint, so any other address is refused when it is saved.
   */
  endpointOrigins: string[]
}

export class ConfigError extends Error {}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`)
  }
  return value
}

function trustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim().toLowerCase() ?? ''
  if (['', '0', 'false', 'no'].includes(value)) return false
  if (['true', 'yes'].includes(value)) return 1
  if (/^\d+$/.test(value)) return Math.min(Number(value), 10)
  const addresses = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (addresses.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a))) return addresses
  throw new ConfigError('TRUST_PROXY must be a number of proxies (1 for one), or their addresses or CIDRs separated by commas')
}

/**
 * FIREBASE_SERVICE_ACCOUNT holds the service account's JSON key, or the path of the file holding it.
 * FIREBASE_PROJECT_ID defaults to the key's project_id; FCM_BASE_URL to Google's.
 */
function pushConfig(env: NodeJS.ProcessEnv, cwd: string): PushConfig | null {
  const raw = env.FIREBASE_SERVICE_ACCOUNT?.trim()
  if (!raw) return null
  let text = raw
  if (!raw.startsWith('{')) {
    try {
      text = fs.readFileSync(path.resolve(cwd, raw), 'utf8')
    } catch {
      throw new ConfigError(`FIREBASE_SERVICE_ACCOUNT must be the service account's JSON or the path of its file; "${raw}" cannot be read`)
    }
  }
  let key: Record<string, unknown>
  try {
    key = JSON.parse(text) as Record<string, unknown>
  } catch {
    throw new ConfigError('FIREBASE_SERVICE_ACCOUNT is not valid JSON')
  }
  const field = (name: string) => (typeof key[name] === 'string' && (key[name] as string).trim() ? (key[name] as string).trim() : null)
  const clientEmail = field('client_email')
  const privateKey = field('private_key')
  if (!clientEmail || !privateKey) throw new ConfigError('FIREBASE_SERVICE_ACCOUNT needs client_email and private_key')
  const projectId = env.FIREBASE_PROJECT_ID?.trim() || field('project_id')
  if (!projectId) throw new ConfigError('FIREBASE_PROJECT_ID is needed when the service account has no project_id')
  const tokenUri = field('token_uri') ?? 'https://oauth2.googleapis.com/token'
  const fcmBaseUrl = (env.FCM_BASE_URL?.trim() || 'https://fcm.googleapis.com').replace(/\/+$/, '')
  if (!/^https?:\/\//.test(tokenUri) || !/^https?:\/\//.test(fcmBaseUrl))
    throw new ConfigError('FCM_BASE_URL and the token_uri must start with http:// or https://')
  return { serviceAccount: { clientEmail, privateKey, tokenUri, projectId: field('project_id') }, projectId, fcmBaseUrl }
}

const APPLE_WEB_PUSH = 'https://web.push.apple.com'

function webPushConfig(env: NodeJS.ProcessEnv, mailFrom: string, contactEmail: string | null): WebPushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() ?? ''
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() ?? ''
  if (Boolean(publicKey) !== Boolean(privateKey))
    throw new ConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither')
  if (publicKey) {
    let matches = false
    try {
      const ecdh = createECDH('prime256v1')
      ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'))
      matches = ecdh.getPublicKey().toString('base64url') === publicKey
    } catch {
      matches = false
    }
    if (!matches)
      throw new ConfigError(
        'VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY must be one P-256 key pair, base64url (or leave both unset: the server makes a pair)',
      )
  }
  const address = contactEmail ?? /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom
  const subject = env.VAPID_SUBJECT?.trim() || `mailto:${address}`
  if (!/^(mailto:|https:\/\/)/.test(subject)) throw new ConfigError('VAPID_SUBJECT must be a mailto: or https:// URL')
  const endpointOrigins = (env.OWE_WEB_PUSH_ORIGINS?.trim() || APPLE_WEB_PUSH).split(',').map((part) => {
    let url: URL | null = null
    try {
      url = new URL(part.trim())
    } catch {
      url = null
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/')
      throw new ConfigError(
        `OWE_WEB_PUSH_ORIGINS must list origins like ${APPLE_WEB_PUSH}, separated by commas; "${part.trim()}" is not one`,
      )
    return url.origin
  })
  return { vapid: publicKey ? { publicKey, privateKey } : null, subject, endpointOrigins }
}

/** OWE_SITE_ORIGINS: origins separated by commas (scheme, host and port only); the public URL's is always in. */
function siteOrigins(raw: string | undefined, publicUrl: string): string[] {
  const origins = [new URL(publicUrl).origin]
  for (const part of (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    let url: URL | null = null
    try {
      url = new URL(part)
    } catch {
      url = null
    }
    const originOnly = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
    if (!url || !originOnly || !/^https?:$/.test(url.protocol)) {
      throw new ConfigError(`OWE_SITE_ORIGINS must list origins like https://www.example.org, separated by commas; "${part}" is not one`)
    }
    if (!origins.includes(url.origin)) origins.push(url.origin)
  }
  return origins
}

function baseUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = (env[name]?.trim() || fallback).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/]+/.test(value)) throw new ConfigError(`${name} must start with http:// or https://`)
  return value
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | null {
  const value = env[name]?.trim().toLowerCase() ?? ''
  if (value === '') return null
  if (['1', 'true', 'yes'].includes(value)) return true
  if (['0', 'false', 'no'].includes(value)) return false
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`)
}

function paymentsConfig(env: NodeJS.ProcessEnv): PaymentsConfig {
  const production = env.NODE_ENV?.trim() === 'production'
  const paystackKey = env.PAYSTACK_SECRET_KEY?.trim()
  const stripeKey = env.STRIPE_SECRET_KEY?.trim()
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim()
  if (stripeKey && !stripeWebhookSecret)
    throw new ConfigError('STRIPE_WEBHOOK_SECRET is needed with STRIPE_SECRET_KEY: webhooks are verified with it')
  const paystack = paystackKey ? { secretKey: paystackKey, baseUrl: baseUrl(env, 'PAYSTACK_BASE_URL', 'https://api.paystack.co') } : null
  const stripe = stripeKey
    ? {
        secretKey: stripeKey,
        webhookSecret: stripeWebhookSecret as string,
        baseUrl: baseUrl(env, 'STRIPE_BASE_URL', 'https://api.stripe.com'),
      }
    : null
  const testMode = flag(env, 'OWE_PAYMENTS_TEST_MODE') ?? (!paystack && !stripe)
  // The test checkout grants plans without money: never beside keys that take real money.
  if (testMode && [paystackKey, stripeKey].some((key) => key && /^(sk|rk)_live_/.test(key))) {
    throw new ConfigError('OWE_PAYMENTS_TEST_MODE cannot be on with live payment keys: its checkout gives plans away')
  }
  // In production a forgotten key must not quietly give every plan away.
  if (testMode && production && flag(env, 'OWE_ALLOW_TEST_PAYMENTS') !== true) {
    throw new ConfigError(
      'payments are in TEST MODE (no money moves) and NODE_ENV=production: set PAYSTACK_SECRET_KEY or STRIPE_SECRET_KEY (and OWE_PAYMENTS_TEST_MODE=false), or OWE_ALLOW_TEST_PAYMENTS=1 to run the test mode on purpose',
    )
  }
  return { paystack, stripe, testMode }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const port = integer(env, 'PORT', 8080, 0, 65535)
  const publicUrl = (env.OWE_PUBLIC_URL?.trim() || `http://localhost:${port || 8080}`).replace(/\/+$/, '')
  if (!/^https?:\/\/[^/]+/.test(publicUrl)) throw new ConfigError('OWE_PUBLIC_URL must start with http:// or https://')
  const smtpUrl = env.SMTP_URL?.trim() || null
  const contactEmail = env.OWE_CONTACT_EMAIL?.trim().toLowerCase() || null
  if (contactEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) throw new ConfigError('OWE_CONTACT_EMAIL must be an email address')
  const linkSecret = env.OWE_LINK_SECRET?.trim() || null
  if (linkSecret && linkSecret.length < 32)
    throw new ConfigError('OWE_LINK_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)')
  const deviceCookieSecret = env.OWE_DEVICE_COOKIE_SECRET?.trim() || null
  if (deviceCookieSecret && deviceCookieSecret.length < 32)
    throw new ConfigError('OWE_DEVICE_COOKIE_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)')
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://')
  const mailFrom = env.MAIL_FROM?.trim() || 'Òwe <no-reply@owe.local>'
  return {
    port,
    // This machine only unless told: a laptop's server is not offered to the café's network. A server that a
    // proxy on another machine (or a container's port mapping) reaches sets HOST=0.0.0.0 (README, "HOST").
    host: env.HOST?.trim() || '127.0.0.1',
    databaseUrl,
    dataDir: path.resolve(cwd, env.OWE_DATA_DIR?.trim() || 'data'),
    staticDir: path.resolve(cwd, env.OWE_STATIC_DIR?.trim() || 'dist'),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    corpusCacheMs: integer(env, 'OWE_CORPUS_CACHE_MS', 30_000, 0, 86_400_000),
    publicQueryTimeoutMs: integer(env, 'OWE_PUBLIC_QUERY_TIMEOUT_MS', 2_000, 1, 600_000),
    nairaPerDollar: integer(env, 'OWE_NAIRA_PER_DOLLAR', 1000, 1, 1_000_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicUrl,
    siteOrigins: siteOrigins(env.OWE_SITE_ORIGINS, publicUrl),
    smtpUrl,
    mailFrom,
    authRateLimit: integer(env, 'OWE_AUTH_RATE_LIMIT', 10, 1, 1_000_000),
    checkRateLimit: integer(env, 'OWE_CHECK_RATE_LIMIT', 60, 1, 1_000_000),
    communityRateLimit: integer(env, 'OWE_COMMUNITY_RATE_LIMIT', 10, 1, 1_000_000),
    likeRateLimit: integer(env, 'OWE_LIKE_RATE_LIMIT', 60, 1, 1_000_000),
    contactEmail,
    linkSecret,
    deviceCookieSecret,
    sessionDays: integer(env, 'OWE_SESSION_DAYS', 30, 1, 365),
    push: pushConfig(env, cwd),
    webPush: webPushConfig(env, mailFrom, contactEmail),
    schedulerMs: integer(env, 'OWE_SCHEDULER_MS', 60_000, 0, 86_400_000),
    mailPollMs: integer(env, 'OWE_MAIL_POLL_MS', 2000, 100, 3_600_000),
    checkoutAbandonMs: integer(env, 'OWE_CHECKOUT_ABANDON_MINUTES', 24 * 60, 5, 30 * 24 * 60) * 60_000,
    paymentRateLimit: integer(env, 'OWE_PAYMENT_RATE_LIMIT', 20, 1, 1_000_000),
    analyticsRetentionDays: integer(env, 'OWE_ANALYTICS_RETENTION_DAYS', 30, 8, 3650),
    eventRateLimit: integer(env, 'OWE_EVENT_RATE_LIMIT', 120, 1, 1_000_000),
    addressEventsPerDay: integer(env, 'OWE_EVENTS_PER_ADDRESS_DAY', 20_000, 1, 100_000_000),
    learningRateLimit: integer(env, 'OWE_LEARNING_RATE_LIMIT', 120, 1, 1_000_000),
    readRateLimit: {
      perMinute: integer(env, 'OWE_READ_RATE_LIMIT', 300, 1, 10_000_000),
      burst: integer(env, 'OWE_READ_BURST', 150, 1, 10_000_000),
      holdMs: integer(env, 'OWE_READ_HOLD_MS', 1000, 0, 60_000),
    },
    payments: paymentsConfig(env),
    http: httpLimits(env),
  }
}

function httpLimits(env: NodeJS.ProcessEnv): HttpLimits {
  const requestTimeoutMs = integer(env, 'OWE_REQUEST_TIMEOUT_MS', 30_000, 1000, 600_000)
  return {
    requestTimeoutMs,
    headersTimeoutMs: Math.min(requestTimeoutMs, 20_000),
    idleTimeoutMs: integer(env, 'OWE_IDLE_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    keepAliveTimeoutMs: integer(env, 'OWE_KEEP_ALIVE_TIMEOUT_MS', 72_000, 1000, 3_600_000),
    shutdownGraceMs: integer(env, 'OWE_SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
  }
}

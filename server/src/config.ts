import path from 'node:path'

/**
 * The server's configuration, parsed once from the environment. Nothing else on the server reads
 * process.env. Every value has a working default for local use.
 */
export type Config = {
  port: number
  host: string
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | null
  dataDir: string
  /** Folder of the built app (vite build output). */
  staticDir: string
  logLevel: string
  /** How long public corpus responses are reused in memory, in milliseconds (0 turns it off). */
  corpusCacheMs: number
  /** Naira per dollar shown on prices; the spec's 1000 unless configured. */
  nairaPerDollar: number
  /**
   * Which X-Forwarded-For hops to believe: false (none), a number of proxies you run in front, or their
   * addresses/CIDRs. Never "all": a client could then write its own address and dodge rate limits.
   */
  trustProxy: false | number | string[]
  /** Where people open the app; links in emails start with it. */
  publicUrl: string
  /** smtp:// or smtps:// URL of the mail server; when absent mail goes to the outbox table and the log. */
  smtpUrl: string | null
  mailFrom: string
  /** Sign-in, password-reset and activation-mail attempts allowed per client in 15 minutes. */
  authRateLimit: number
  /** Email, phone and promo-code checks allowed per client per minute. */
  checkRateLimit: number
  /** How long a session lasts without signing in again. */
  sessionDays: number
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
  const addresses = value.split(',').map((part) => part.trim()).filter(Boolean)
  if (addresses.every((a) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(a))) return addresses
  throw new ConfigError('TRUST_PROXY must be a number of proxies (1 for one), or their addresses or CIDRs separated by commas')
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
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://')
  return {
    port,
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(cwd, env.OWE_DATA_DIR?.trim() || 'data'),
    staticDir: path.resolve(cwd, env.OWE_STATIC_DIR?.trim() || 'dist'),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    corpusCacheMs: integer(env, 'OWE_CORPUS_CACHE_MS', 30_000, 0, 86_400_000),
    nairaPerDollar: integer(env, 'OWE_NAIRA_PER_DOLLAR', 1000, 1, 1_000_000),
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicUrl,
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'Òwe <no-reply@owe.local>',
    authRateLimit: integer(env, 'OWE_AUTH_RATE_LIMIT', 10, 1, 1_000_000),
    checkRateLimit: integer(env, 'OWE_CHECK_RATE_LIMIT', 60, 1, 1_000_000),
    sessionDays: integer(env, 'OWE_SESSION_DAYS', 30, 1, 365),
  }
}

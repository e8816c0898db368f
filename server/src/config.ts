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
  /** Believe X-Forwarded-* headers (only behind a proxy you run). */
  trustProxy: boolean
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || null
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl,
    dataDir: path.resolve(cwd, env.OWE_DATA_DIR?.trim() || 'data'),
    staticDir: path.resolve(cwd, env.OWE_STATIC_DIR?.trim() || 'dist'),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    corpusCacheMs: integer(env, 'OWE_CORPUS_CACHE_MS', 30_000, 0, 86_400_000),
    nairaPerDollar: integer(env, 'OWE_NAIRA_PER_DOLLAR', 1000, 1, 1_000_000),
    trustProxy: ['1', 'true', 'yes'].includes(env.TRUST_PROXY?.trim().toLowerCase() ?? ''),
  }
}

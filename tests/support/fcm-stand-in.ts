import Fastify from 'fastify'
import { generateKeyPairSync, randomBytes, verify, type KeyObject } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PushConfig } from '../../server/src/config'

/**
 * A local stand-in for Google's OAuth token endpoint and FCM's HTTP v1 send endpoint, on 127.0.0.1,
 * speaking their real protocol: a JWT-bearer grant checked against the service account's public key,
 * Bearer access tokens that expire, and FCM's error bodies. Every request is recorded.
 */

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'

/** A Google service account key file, as the console downloads it. */
export type ServiceAccountFile = {
  type: 'service_account'
  project_id: string
  private_key_id: string
  private_key: string
  client_email: string
  client_id: string
  auth_uri: string
  token_uri: string
}

/**
 * A service account made at test time (a fresh RSA 2048 key: no key is ever committed). Only a stand-in
 * that trusts its public key accepts it.
 */
export function throwawayServiceAccount(tokenUri: string, projectId = 'owe-test'): { file: ServiceAccountFile; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const id = randomBytes(4).toString('hex')
  return {
    file: {
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      client_email: `push-${id}@${projectId}.iam.gserviceaccount.com`,
      client_id: String(100000000000000000000n + BigInt(`0x${id}`)),
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: tokenUri,
    },
    publicKey,
  }
}

/** The PushConfig the server would parse from this service account (loadConfig's shape). */
export function pushConfigFor(file: ServiceAccountFile, fcmBaseUrl: string): PushConfig {
  return {
    serviceAccount: { clientEmail: file.client_email, privateKey: file.private_key, tokenUri: file.token_uri, projectId: file.project_id },
    projectId: file.project_id,
    fcmBaseUrl,
  }
}

export type FcmMessage = {
  token: string
  data?: Record<string, string>
  notification?: unknown
  webpush?: { headers?: Record<string, string>; data?: unknown; notification?: unknown; fcm_options?: unknown }
  [field: string]: unknown
}

export type RecordedRequest = {
  kind: 'token' | 'send'
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  /** The parsed body: form fields for /token, JSON for sends. */
  body: unknown
  status: number
}

type Grant = { token: string; expiresAt: number }

const fcmError = (code: number, status: string, message: string, errorCode?: string) => ({
  error: {
    code,
    message,
    status,
    ...(errorCode ? { details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] } : {}),
  },
})

const UNAUTHENTICATED = fcmError(
  401,
  'UNAUTHENTICATED',
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
)

const MESSAGE_FIELDS = new Set([
  'name',
  'token',
  'topic',
  'condition',
  'data',
  'notification',
  'android',
  'webpush',
  'apns',
  'fcm_options',
  'fcmOptions',
])
const WEBPUSH_FIELDS = new Set(['headers', 'data', 'notification', 'fcm_options', 'fcmOptions'])
const RESERVED_DATA_KEY = /^(from|notification|message_type)$|^(google|gcm)\./

const isStringMap = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string')

/** FCM's checks on a message, as far as this app's messages go; the error text FCM gives, or null. */
function invalidMessage(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return 'Invalid JSON payload received. Unknown name "message": Cannot find field.'
  const m = message as Record<string, unknown>
  const unknown = Object.keys(m).find((field) => !MESSAGE_FIELDS.has(field))
  if (unknown) return `Invalid JSON payload received. Unknown name "${unknown}" at 'message': Cannot find field.`
  const targets = ['token', 'topic', 'condition'].filter((t) => m[t] !== undefined)
  if (targets.length !== 1) return 'Exactly one of token, topic or condition must be specified'
  if (m.token !== undefined && (typeof m.token !== 'string' || !m.token))
    return 'The registration token is not a valid FCM registration token'
  if (m.data !== undefined) {
    if (!isStringMap(m.data)) return "Invalid value at 'message.data': data values must be strings"
    const reserved = Object.keys(m.data as object).find((k) => RESERVED_DATA_KEY.test(k))
    if (reserved) return `Invalid data payload key: ${reserved}`
  }
  if (m.webpush !== undefined) {
    if (typeof m.webpush !== 'object' || m.webpush === null) return "Invalid value at 'message.webpush'"
    const unknownWebpush = Object.keys(m.webpush).find((field) => !WEBPUSH_FIELDS.has(field))
    if (unknownWebpush) return `Invalid JSON payload received. Unknown name "${unknownWebpush}" at 'message.webpush': Cannot find field.`
    const headers = (m.webpush as { headers?: unknown }).headers
    if (headers !== undefined && !isStringMap(headers)) return "Invalid value at 'message.webpush.headers': header values must be strings"
  }
  return null
}

function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

export type FcmStandIn = Awaited<ReturnType<typeof startFcmStandIn>>

/**
 * Starts the stand-in with one trusted service account of its own. `now` is the stand-in's clock for
 * JWT times and access-token expiry: share the sender's when a test moves time.
 */
export async function startFcmStandIn(options: { projectId?: string; now?: () => Date } = {}) {
  const projectId = options.projectId ?? 'owe-test'
  const now = options.now ?? (() => new Date())
  const requests: RecordedRequest[] = []
  const trusted = new Map<string, KeyObject>()
  const grants = new Map<string, Grant>()
  const unregistered = new Set<string>()
  const malformed = new Set<string>()
  const scripted: number[] = []
  let sequence = 0

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const path = new URL(req.url ?? '/', 'http://stand-in').pathname
      const kind = path === '/token' ? 'token' : 'send'
      const answer = (status: number, body: unknown) => {
        let parsed: unknown = raw
        if (kind === 'token') parsed = Object.fromEntries(new URLSearchParams(raw))
        else {
          try {
            parsed = JSON.parse(raw)
          } catch {
            // kept as text
          }
        }
        requests.push({ kind, method: req.method ?? '', path, headers: req.headers, body: parsed, status })
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
        res.end(JSON.stringify(body))
      }
      if (req.method === 'POST' && path === '/token') return token(req, raw, answer)
      const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path)
      if (req.method === 'POST' && send) return message(req, decodeURIComponent(send[1]), raw, answer)
      answer(404, fcmError(404, 'NOT_FOUND', 'Requested entity was not found.'))
    })
  })

  /** Google's token endpoint: a signed JWT in, a Bearer access token out. */
  function token(req: http.IncomingMessage, raw: string, answer: (status: number, body: unknown) => void) {
    const invalidGrant = (description: string) => answer(400, { error: 'invalid_grant', error_description: description })
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return answer(400, { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' })
    }
    const form = new URLSearchParams(raw)
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return answer(400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${form.get('grant_type') ?? ''}` })
    }
    const [headerPart, claimsPart, signaturePart, ...extra] = (form.get('assertion') ?? '').split('.')
    const header = headerPart ? decodeSegment(headerPart) : null
    const claims = claimsPart ? decodeSegment(claimsPart) : null
    if (!header || !claims || !signaturePart || extra.length > 0) return invalidGrant('Invalid JWT: the assertion is not a JWT')
    if (header.alg !== 'RS256') return invalidGrant('Invalid JWT: only RS256 is accepted')
    const publicKey = typeof claims.iss === 'string' ? trusted.get(claims.iss) : undefined
    if (!publicKey) return invalidGrant('Invalid grant: account not found')
    const signed = verify('sha256', Buffer.from(`${headerPart}.${claimsPart}`), publicKey, Buffer.from(signaturePart, 'base64url'))
    if (!signed) return invalidGrant('Invalid JWT Signature.')
    if (claims.aud !== tokenUri) return invalidGrant(`Invalid JWT: audience must be ${tokenUri}`)
    if (typeof claims.scope !== 'string' || !claims.scope.split(' ').includes(FCM_SCOPE))
      return answer(400, { error: 'invalid_scope', error_description: 'Invalid OAuth scope or ID token audience provided.' })
    const seconds = Math.floor(now().getTime() / 1000)
    const { iat, exp } = claims
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp - iat > 3600 || exp <= iat || iat > seconds + 60 || exp < seconds) {
      return invalidGrant(
        'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
      )
    }
    const value = `ya29.stand-in.${randomBytes(24).toString('base64url')}`
    grants.set(value, { token: value, expiresAt: now().getTime() + 3600_000 })
    answer(200, { access_token: value, expires_in: 3600, token_type: 'Bearer' })
  }

  /** FCM's messages:send. */
  function message(req: http.IncomingMessage, project: string, raw: string, answer: (status: number, body: unknown) => void) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const grant = bearer ? grants.get(bearer) : undefined
    const forced = scripted.shift()
    if (forced === 401 || !grant || grant.expiresAt <= now().getTime()) return answer(401, UNAUTHENTICATED)
    if (project !== projectId)
      return answer(
        403,
        fcmError(
          403,
          'PERMISSION_DENIED',
          `Permission 'cloudmessaging.messages.create' denied on resource '//cloudresourcemanager.googleapis.com/projects/${project}' (or it may not exist).`,
        ),
      )
    if (forced !== undefined)
      return answer(
        forced,
        fcmError(forced, forced >= 500 ? 'INTERNAL' : 'UNKNOWN', 'Internal error encountered.', forced >= 500 ? 'INTERNAL' : undefined),
      )
    if (!req.headers['content-type']?.startsWith('application/json'))
      return answer(400, fcmError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.'))
    let body: { message?: unknown; validate_only?: unknown }
    try {
      body = JSON.parse(raw) as typeof body
    } catch {
      return answer(400, fcmError(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unexpected token.'))
    }
    const problem = invalidMessage(body.message)
    if (problem) return answer(400, fcmError(400, 'INVALID_ARGUMENT', problem, 'INVALID_ARGUMENT'))
    const target = (body.message as FcmMessage).token
    if (malformed.has(target))
      return answer(
        400,
        fcmError(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT'),
      )
    if (unregistered.has(target)) return answer(404, fcmError(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'))
    answer(200, { name: `projects/${projectId}/messages/${Date.now()}${++sequence}` })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const tokenUri = `${url}/token`

  /** A new service account this stand-in trusts. */
  function newServiceAccount(): ServiceAccountFile {
    const { file, publicKey } = throwawayServiceAccount(tokenUri, projectId)
    trusted.set(file.client_email, publicKey)
    return file
  }
  const serviceAccount = newServiceAccount()

  return {
    url,
    tokenUri,
    projectId,
    serviceAccount,
    newServiceAccount,
    /** The PushConfig for the stand-in's own service account. */
    config: pushConfigFor(serviceAccount, url),
    /** The same, as the server's environment variables. */
    env: { FIREBASE_SERVICE_ACCOUNT: JSON.stringify(serviceAccount), FCM_BASE_URL: url },
    requests,
    tokenRequests: () => requests.filter((r) => r.kind === 'token'),
    sendRequests: () => requests.filter((r) => r.kind === 'send'),
    /** The messages FCM accepted, in order. */
    delivered: () => requests.filter((r) => r.kind === 'send' && r.status === 200).map((r) => (r.body as { message: FcmMessage }).message),
    /** FCM answers 404 UNREGISTERED for these tokens from now on (the app was uninstalled). */
    unregister: (...tokens: string[]) => tokens.forEach((t) => unregistered.add(t)),
    /** FCM answers 400 INVALID_ARGUMENT "not a valid FCM registration token" for these. */
    malform: (...tokens: string[]) => tokens.forEach((t) => malformed.add(t)),
    /** The next `times` sends are answered with this status (401 UNAUTHENTICATED, or an error such as 500). */
    failNext: (status: number, times = 1) => scripted.push(...Array<number>(times).fill(status)),
    /** Every access token issued so far stops working, as when Google revokes them. */
    revokeAccessTokens: () => grants.clear(),
    reset: () => {
      requests.length = 0
      unregistered.clear()
      malformed.clear()
      scripted.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A real (pino) logger whose lines are kept, to assert what push logs — and that no secret is in it. */
export function recordingLog() {
  const lines: { level: number; msg: string; [field: string]: unknown }[] = []
  const app = Fastify({ logger: { level: 'debug', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } })
  return {
    log: app.log,
    lines,
    /** Every line as JSON text, for "never contains" checks. */
    text: () => lines.map((line) => JSON.stringify(line)).join('\n'),
    at: (level: 'debug' | 'info' | 'warn' | 'error') =>
      lines.filter((line) => line.level === { debug: 20, info: 30, warn: 40, error: 50 }[level]),
  }
}

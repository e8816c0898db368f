import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { createPrivateKey, sign, type KeyObject } from 'node:crypto'
import { appBadgeCount } from '@core/notifications/badge'
import type { PushData } from '@core/notifications/contract'
import type { PushConfig, ServiceAccount } from '../config'
import type { Db } from '../db/client'
import { deviceTokens, notifications, sessions } from '../db/schema'
import { deckCountsOf } from './learning'

/**
 * Push over Firebase Cloud Messaging's HTTP v1 API. Data-only messages (title, body, url): the app and
 * the worker show them themselves. With no configuration, or no network, push is skipped; the in-app
 * notification exists regardless.
 */

/** sent; unregistered (FCM no longer knows the token: delete it); unavailable (not configured, no network); failed (anything else, logged). */
export type PushOutcome = 'sent' | 'unregistered' | 'unavailable' | 'failed'

export interface PushSender {
  readonly configured: boolean
  send(token: string, data: PushData): Promise<PushOutcome>
}

/** What a browser's PushSubscription gives us (Safari's): where to send, and the keys to encrypt for. */
export type WebPushSubscription = { endpoint: string; p256dh: string; auth: string }

/** Web Push straight to the subscription's push service (./web-push.ts). */
export interface WebPushSender {
  send(subscription: WebPushSubscription, data: PushData): Promise<PushOutcome>
}

/** The sender when push is not configured. */
export const noPush: PushSender = {
  configured: false,
  send: async () => 'unavailable',
}

export type PushSenderOptions = {
  log: FastifyBaseLogger
  fetch?: typeof fetch
  now?: () => Date
  /** Per request (token and send); 10 s unless a test wants less. */
  timeoutMs?: number
}

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging'
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer'
/** Google's assertions and access tokens live an hour; refresh a minute early so none expires in flight. */
const ASSERTION_SECONDS = 3600
const REFRESH_MARGIN_MS = 60_000
/** Web Push keeps an undelivered message this long (a phone off overnight still gets the day's proverb). */
const WEBPUSH_TTL_SECONDS = '86400'

/** The network could not be reached (DNS, refused, timeout): push is unavailable, nothing is wrong with us. */
class Unavailable extends Error {}

/** A reply that means something is wrong (credentials, request, Google's side); logged with safe fields only. */
class Failed extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, unknown>,
    readonly level: 'warn' | 'error',
  ) {
    super(message)
  }
}

export type Reply = { status: number; body: unknown }
type FcmErrorBody = { error?: { code?: number; message?: string; status?: string; details?: { '@type'?: string; errorCode?: string }[] } }

/** What a thrown fetch says about the network, without the request (which may hold a token). */
export function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timed out'
  const cause = (error as { cause?: { code?: string; errors?: { code?: string }[]; message?: string } })?.cause
  return cause?.code ?? cause?.errors?.[0]?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error))
}

/** The first 8 characters: enough to match a log line to a row, too few to push to the device. */
const tokenHint = (token: string) => `${token.slice(0, 8)}…`

/** The JWT-bearer assertion Google's token endpoint takes for a service account (RFC 7523, RS256). */
export function signAssertion(account: ServiceAccount, key: KeyObject, issuedAt: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const input = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({
    iss: account.clientEmail,
    scope: FCM_SCOPE,
    aud: account.tokenUri,
    iat: issuedAt,
    exp: issuedAt + ASSERTION_SECONDS,
  })}`
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`
}

/** Whether an FCM error reply says the registration token is dead: UNREGISTERED (404) or a malformed token (400). */
export function isDeadToken(reply: Reply): boolean {
  const error = (reply.body as FcmErrorBody | null)?.error
  const codes = (error?.details ?? []).map((detail) => detail.errorCode)
  if (reply.status === 404) return codes.includes('UNREGISTERED')
  if (reply.status === 400) {
    const invalidArgument = error?.status === 'INVALID_ARGUMENT' || codes.includes('INVALID_ARGUMENT')
    return invalidArgument && /registration token/i.test(error?.message ?? '')
  }
  return false
}

/** The service account's key; one pasted into an environment variable often arrives with its newlines still escaped. */
export const privateKeyFrom = (pem: string): KeyObject => createPrivateKey(pem.replace(/\\n/g, '\n'))

export function createPushSender(config: PushConfig | null, options: PushSenderOptions): PushSender {
  if (!config) return noPush
  const { log, fetch: fetchImpl = globalThis.fetch, now = () => new Date(), timeoutMs = 10_000 } = options
  const { serviceAccount, projectId, fcmBaseUrl } = config
  const sendUrl = `${fcmBaseUrl}/v1/projects/${encodeURIComponent(projectId)}/messages:send`

  let key: KeyObject | null = null
  try {
    key = privateKeyFrom(serviceAccount.privateKey)
  } catch {
    log.error(`FIREBASE_SERVICE_ACCOUNT's private_key is not a PEM private key: push to ${serviceAccount.clientEmail} will fail`)
  }

  let cached: { value: string; expiresAt: number } | null = null
  /** One token request at a time: a burst of sends waits for the same one. */
  let pending: Promise<string> | null = null

  async function post(url: string, init: { headers: Record<string, string>; body: string }): Promise<Reply> {
    let status: number
    let text: string
    try {
      const res = await fetchImpl(url, { method: 'POST', ...init, signal: AbortSignal.timeout(timeoutMs) })
      status = res.status
      text = await res.text()
    } catch (error) {
      throw new Unavailable(`${new URL(url).host}: ${networkReason(error)}`)
    }
    try {
      return { status, body: text ? (JSON.parse(text) as unknown) : null }
    } catch {
      return { status, body: null }
    }
  }

  async function requestAccessToken(): Promise<string> {
    if (!key)
      throw new Failed('Push failed: the service account has no usable private key', { clientEmail: serviceAccount.clientEmail }, 'error')
    const requestedAt = now().getTime()
    const assertion = signAssertion(serviceAccount, key, Math.floor(requestedAt / 1000))
    const reply = await post(serviceAccount.tokenUri, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
    })
    const body = (reply.body ?? {}) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown }
    if (reply.status !== 200 || typeof body.access_token !== 'string' || !body.access_token) {
      const fields = {
        status: reply.status,
        error: body.error,
        description: body.error_description,
        clientEmail: serviceAccount.clientEmail,
      }
      throw new Failed('Push failed: Google refused the service account', fields, reply.status >= 500 ? 'warn' : 'error')
    }
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : ASSERTION_SECONDS
    cached = { value: body.access_token, expiresAt: requestedAt + expiresIn * 1000 }
    return body.access_token
  }

  function accessToken(): Promise<string> {
    if (cached && now().getTime() < cached.expiresAt - REFRESH_MARGIN_MS) return Promise.resolve(cached.value)
    pending ??= requestAccessToken().finally(() => {
      pending = null
    })
    return pending
  }

  const deliver = (token: string, data: PushData, access: string) =>
    post(sendUrl, {
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      // No `notification` block: Firebase's worker would show it, and the app shows its own as well.
      body: JSON.stringify({
        message: {
          token,
          // FCM's data values are strings.
          data: { title: data.title, body: data.body, url: data.url, ...(data.badge === undefined ? {} : { badge: String(data.badge) }) },
          webpush: { headers: { Urgency: 'high', TTL: WEBPUSH_TTL_SECONDS } },
        },
      }),
    })

  return {
    configured: true,
    async send(token, data) {
      try {
        let access = await accessToken()
        let reply = await deliver(token, data, access)
        if (reply.status === 401) {
          // Revoked or expired early: fetch a new one once. Another send may have replaced it already.
          if (cached?.value === access) cached = null
          access = await accessToken()
          reply = await deliver(token, data, access)
        }
        if (reply.status === 200) return 'sent'
        if (isDeadToken(reply)) return 'unregistered'
        const error = (reply.body as FcmErrorBody | null)?.error
        throw new Failed(
          `Push failed: FCM answered ${reply.status}${error?.status ? ` ${error.status}` : ''}`,
          {
            status: reply.status,
            fcmStatus: error?.status,
            errorCode: error?.details?.find((detail) => detail.errorCode)?.errorCode,
            message: error?.message?.slice(0, 300),
            token: tokenHint(token),
          },
          reply.status === 429 || reply.status >= 500 ? 'warn' : 'error',
        )
      } catch (error) {
        if (error instanceof Unavailable) {
          log.warn({ reason: error.message }, `Push unavailable (no network?): ${error.message}`)
          return 'unavailable'
        }
        if (error instanceof Failed) {
          log[error.level](error.fields, error.message)
          return 'failed'
        }
        log.error({ err: error, token: tokenHint(token) }, 'Push failed')
        return 'failed'
      }
    },
  }
}

/** Sends at most this many messages for one user at a time. */
const CONCURRENCY = 4

/**
 * The installed app's badge after a push: the reader's unread messages and the cards due in their deck, as the page
 * counts them (src/core/notifications/badge.ts).
 */
export async function badgeCountOf(db: Db, userId: number, now: Date): Promise<number> {
  const [[{ unread }], { due }] = await Promise.all([
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
    deckCountsOf(db, userId, now),
  ])
  return appBadgeCount({ unread, due })
}

/** A device saved with a Web Push subscription (Safari's): its token is the endpoint. */
export const WEB_PUSH_DEVICE = 'WEBPUSH'

/**
 * Sends to every device of the user whose session is live (a signed-out or expired browser gets nothing,
 * even before housekeeping deletes its token) and deletes the tokens their push service reports gone. An FCM
 * token goes through `sender`, a Web Push subscription (Safari's) through `webPush`. Never throws.
 */
export async function pushToUser(
  db: Db,
  sender: PushSender,
  userId: number,
  data: PushData,
  log: FastifyBaseLogger,
  now = new Date(),
  webPush: WebPushSender | null = null,
): Promise<{ sent: number; removed: number }> {
  if (!sender.configured && !webPush) return { sent: 0, removed: 0 }
  let sent = 0
  try {
    const rows = await db
      .select({ token: deviceTokens.token, deviceType: deviceTokens.deviceType, p256dh: deviceTokens.p256dh, auth: deviceTokens.auth })
      .from(deviceTokens)
      .innerJoin(sessions, eq(sessions.id, deviceTokens.sessionId))
      .where(and(eq(deviceTokens.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    const devices = rows.filter((row) => (row.deviceType === WEB_PUSH_DEVICE ? webPush && row.p256dh && row.auth : sender.configured))
    if (devices.length === 0) return { sent: 0, removed: 0 }
    const counted = data.badge === undefined ? { ...data, badge: await badgeCountOf(db, userId, now) } : data
    const dead: string[] = []
    let next = 0
    const sendTo = ({ token, deviceType, p256dh, auth }: (typeof rows)[number]) =>
      deviceType === WEB_PUSH_DEVICE && webPush
        ? webPush.send({ endpoint: token, p256dh: p256dh ?? '', auth: auth ?? '' }, counted)
        : sender.send(token, counted)
    const worker = async () => {
      while (next < devices.length) {
        const device = devices[next++]
        const outcome = await sendTo(device).catch((error: unknown): PushOutcome => {
          log.error({ err: error, userId }, 'Push sender threw')
          return 'failed'
        })
        if (outcome === 'sent') sent++
        else if (outcome === 'unregistered') dead.push(device.token)
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, devices.length) }, worker))
    if (dead.length === 0) return { sent, removed: 0 }
    // Only while the token is still this user's: a device that signed in as someone else since keeps it.
    const removed = await db
      .delete(deviceTokens)
      .where(and(eq(deviceTokens.userId, userId), inArray(deviceTokens.token, dead)))
      .returning({ token: deviceTokens.token })
    if (removed.length > 0) log.info({ userId, removed: removed.length }, 'Removed push tokens their push service no longer knows')
    return { sent, removed: removed.length }
  } catch (error) {
    log.error({ err: error, userId }, 'Push to a user failed')
    return { sent, removed: 0 }
  }
}

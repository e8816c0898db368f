import { createCipheriv, createECDH, createHmac, createPrivateKey, randomBytes, sign, type KeyObject } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { declarativePush } from '@core/notifications/declarative-push'
import type { Db } from '../db/client'
import { serverSecrets } from '../db/schema'
import { networkReason, type WebPushSender, type WebPushSubscription } from './push'

/**
 * Push straight to a browser's push service with the Web Push protocol (RFC 8030), the message encrypted for the
 * subscription (RFC 8291, aes128gcm) and signed for with our VAPID key (RFC 8292) — for Safari's subscriptions, whose
 * endpoint is Apple's (web.push.apple.com) and which FCM's tokens do not reach. The message is WebKit's Declarative
 * Web Push JSON (src/core/notifications/declarative-push.ts). Node's own crypto and fetch, as for FCM (./push.ts).
 * docs/decisions/023-every-phone.md.
 */

/** A P-256 key pair, base64url: the public key as the uncompressed point (65 bytes), the private as its scalar (32). */
export type VapidKeys = { publicKey: string; privateKey: string }

/** Web Push keeps an undelivered message this long (a phone off overnight still gets the day's proverb). */
const TTL_SECONDS = '86400'
/** RFC 8292 allows at most 24 hours; Apple refuses a token that lives longer. */
const JWT_SECONDS = 12 * 3600
/** One record holds the whole message (Apple takes at most 4 KB). */
const RECORD_SIZE = 4096

const P256 = 'prime256v1'
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest()
const bytes = (text: string) => Buffer.from(text, 'utf8')

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH(P256)
  ecdh.generateKeys()
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: scalar(ecdh.getPrivateKey()).toString('base64url') }
}

/** A private scalar as exactly 32 bytes (a leading zero may be dropped). */
const scalar = (key: Buffer) => Buffer.concat([Buffer.alloc(Math.max(0, 32 - key.length)), key])

/** Whether the pair is a P-256 key pair whose halves belong together. */
export function isVapidKeyPair(keys: VapidKeys): boolean {
  try {
    const ecdh = createECDH(P256)
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'))
    return ecdh.getPublicKey().toString('base64url') === keys.publicKey
  } catch {
    return false
  }
}

const VAPID_SECRET = 'vapid'

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair the first server to start makes and keeps in
 * server_secrets (in the data folder with PGlite; shared by every instance over one PostgreSQL, as a subscription is
 * bound to the public key it was made with).
 */
export async function loadVapidKeys(db: Db, configured: VapidKeys | null): Promise<VapidKeys> {
  if (configured) return configured
  await db
    .insert(serverSecrets)
    .values({ name: VAPID_SECRET, value: JSON.stringify(generateVapidKeys()) })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, VAPID_SECRET))
  return JSON.parse(row.value) as VapidKeys
}

function signingKey(keys: VapidKeys): KeyObject {
  const point = Buffer.from(keys.publicKey, 'base64url')
  return createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
      d: keys.privateKey,
    },
    format: 'jwk',
  })
}

/** RFC 8292's Authorization header for a push to `endpoint`: an ES256 JWT for the push service's origin, and our key. */
export function vapidAuthorization(endpoint: string, keys: VapidKeys, subject: string, nowMs: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(nowMs / 1000) + JWT_SECONDS, sub: subject }
  const input = `${part({ typ: 'JWT', alg: 'ES256' })}.${part(claims)}`
  const signature = sign('sha256', Buffer.from(input), { key: signingKey(keys), dsaEncoding: 'ieee-p1363' })
  return `vapid t=${input}.${signature.toString('base64url')}, k=${keys.publicKey}`
}

/**
 * RFC 8291's content key and nonce for one message, from the ECDH secret between the sender's key (`senderPublic`) and
 * the subscription's (`receiverPublic`), the subscription's auth secret and the message's salt. The receiving side
 * derives the same (tests/support/apple-push-stand-in.ts decrypts with it).
 */
export function contentKeys(ecdhSecret: Buffer, authSecret: Buffer, receiverPublic: Buffer, senderPublic: Buffer, salt: Buffer) {
  const keyInfo = Buffer.concat([bytes('WebPush: info\0'), receiverPublic, senderPublic])
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]))
  const prk = hmac(salt, ikm)
  return {
    key: hmac(prk, bytes('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16),
    nonce: hmac(prk, bytes('Content-Encoding: nonce\0\x01')).subarray(0, 12),
  }
}

/**
 * The message encrypted for the subscription as one aes128gcm record (RFC 8188 header: salt, record size, our
 * one-time public key). `fixed` pins the salt and the one-time key, for RFC 8291's own example only.
 */
export function encryptForSubscription(
  plaintext: Buffer,
  subscription: Pick<WebPushSubscription, 'p256dh' | 'auth'>,
  fixed?: { salt: Buffer; senderPrivate: Buffer },
): Buffer {
  const receiverPublic = Buffer.from(subscription.p256dh, 'base64url')
  const ecdh = createECDH(P256)
  if (fixed) ecdh.setPrivateKey(fixed.senderPrivate)
  else ecdh.generateKeys()
  const senderPublic = ecdh.getPublicKey()
  const salt = fixed?.salt ?? randomBytes(16)
  const { key, nonce } = contentKeys(
    ecdh.computeSecret(receiverPublic),
    Buffer.from(subscription.auth, 'base64url'),
    receiverPublic,
    senderPublic,
    salt,
  )
  const cipher = createCipheriv('aes-128-gcm', key, nonce)
  // The last (only) record ends with the delimiter 0x02 and no padding.
  const sealed = Buffer.concat([cipher.update(Buffer.concat([plaintext, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()])
  const header = Buffer.alloc(21)
  salt.copy(header, 0)
  header.writeUInt32BE(RECORD_SIZE, 16)
  header.writeUInt8(senderPublic.length, 20)
  return Buffer.concat([header, senderPublic, sealed])
}

export type WebPushOptions = {
  keys: () => VapidKeys
  /** mailto: or https: — how the push service reaches us about our pushes. */
  subject: string
  /** The app's public URL: a notification's link and icon are absolute. */
  publicUrl: string
  log: FastifyBaseLogger
  fetch?: typeof fetch
  now?: () => Date
  timeoutMs?: number
}

/** The first 40 characters of an endpoint: the service and the start of the device's path, never the whole address. */
const endpointHint = (endpoint: string) => `${endpoint.slice(0, 40)}…`

/**
 * Sends declarative pushes. 201 is sent; 404 and 410 mean the subscription is gone (the reader turned it off, or
 * removed the app); a network failure is "unavailable"; anything else is logged with Apple's `reason`.
 */
export function createWebPushSender(options: WebPushOptions): WebPushSender {
  const { keys, subject, publicUrl, log, fetch: fetchImpl = globalThis.fetch, now = () => new Date(), timeoutMs = 10_000 } = options
  const origin = new URL(publicUrl).origin
  return {
    async send(subscription, data) {
      const body = encryptForSubscription(bytes(JSON.stringify(declarativePush(data, origin))), subscription)
      let response: Response
      try {
        response = await fetchImpl(subscription.endpoint, {
          method: 'POST',
          headers: {
            authorization: vapidAuthorization(subscription.endpoint, keys(), subject, now().getTime()),
            'content-encoding': 'aes128gcm',
            'content-type': 'application/octet-stream',
            ttl: TTL_SECONDS,
            urgency: 'high',
          },
          body: new Uint8Array(body),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        const reason = `${new URL(subscription.endpoint).host}: ${networkReason(error)}`
        log.warn({ reason }, `Push unavailable (no network?): ${reason}`)
        return 'unavailable'
      }
      const text = await response.text().catch(() => '')
      if (response.status === 201 || response.status === 200) return 'sent'
      if (response.status === 404 || response.status === 410) return 'unregistered'
      let reason: unknown
      try {
        reason = (JSON.parse(text) as { reason?: unknown }).reason
      } catch {
        reason = text.slice(0, 200)
      }
      const level = response.status === 429 || response.status >= 500 ? 'warn' : 'error'
      log[level](
        { status: response.status, reason, endpoint: endpointHint(subscription.endpoint) },
        `Push failed: the push service answered ${response.status}`,
      )
      return 'failed'
    },
  }
}

import { createDecipheriv, createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { contentKeys } from '../../server/src/services/web-push'

/**
 * A local stand-in for Apple's Web Push service (web.push.apple.com), on 127.0.0.1, speaking the real protocol: a
 * subscription is made for an application server key (as `pushManager.subscribe` does on the device), a push is an
 * RFC 8030 POST to its endpoint with an RFC 8292 VAPID header (an ES256 JWT for this origin, signed with the key the
 * subscription was made for) and an RFC 8291 aes128gcm body, which it decrypts with the subscription's private key.
 * It answers as Apple does: 201 with an apns-id, or an error status with `{ "reason": … }`.
 */

export type StandInSubscription = { endpoint: string; keys: { p256dh: string; auth: string } }

export type DeliveredPush = {
  endpoint: string
  headers: http.IncomingHttpHeaders
  /** The decrypted message. */
  plaintext: string
  jwt: { header: Record<string, unknown>; claims: Record<string, unknown> }
}

type Device = { applicationServerKey: string; ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }

const decodeJson = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>

export type ApplePushStandIn = Awaited<ReturnType<typeof startApplePushStandIn>>

export async function startApplePushStandIn(options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date())
  const devices = new Map<string, Device>()
  const delivered: DeliveredPush[] = []
  const refused: { status: number; reason: string }[] = []

  function refuse(res: http.ServerResponse, status: number, reason: string) {
    refused.push({ status, reason })
    res.writeHead(status, { 'content-type': 'application/json', 'apns-id': randomBytes(16).toString('hex') })
    res.end(JSON.stringify({ reason }))
  }

  /** RFC 8292: the JWT names this origin, has not expired, lives at most a day, and is signed with the subscription's key. */
  function vapidProblem(authorization: string | undefined, device: Device, origin: string) {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '')
    if (!match) return 'MissingProviderToken'
    const [, token, key] = match
    if (key !== device.applicationServerKey) return 'BadJwtToken'
    const [head, body, signature] = token.split('.')
    const header = decodeJson(head)
    const claims = decodeJson(body)
    if (header.alg !== 'ES256') return 'BadJwtToken'
    const seconds = now().getTime() / 1000
    if (claims.aud !== origin || typeof claims.exp !== 'number' || claims.exp <= seconds) return 'ExpiredJwtToken'
    if (claims.exp > seconds + 24 * 3600) return 'BadJwtToken'
    if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return 'BadJwtToken'
    const point = Buffer.from(key, 'base64url')
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
      format: 'jwk',
    })
    const valid = verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    )
    return valid ? null : 'BadJwtToken'
  }

  /** RFC 8188/8291: the header's salt, record size and the sender's one-time key, then the one record. */
  function decrypt(body: Buffer, device: Device): string {
    const salt = body.subarray(0, 16)
    const idLength = body.readUInt8(20)
    const senderPublic = body.subarray(21, 21 + idLength)
    const record = body.subarray(21 + idLength)
    const receiverPublic = device.ecdh.getPublicKey()
    const { key, nonce } = contentKeys(device.ecdh.computeSecret(senderPublic), device.auth, receiverPublic, senderPublic, salt)
    const decipher = createDecipheriv('aes-128-gcm', key, nonce)
    decipher.setAuthTag(record.subarray(record.length - 16))
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
    let end = padded.length - 1
    while (end >= 0 && padded[end] === 0) end--
    if (padded[end] !== 2) throw new Error('not a last record')
    return padded.subarray(0, end).toString('utf8')
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const id = /^\/3\/device\/([\w-]+)$/.exec(req.url ?? '')?.[1]
      const device = id ? devices.get(id) : undefined
      if (req.method !== 'POST') return refuse(res, 405, 'MethodNotAllowed')
      if (!device) return refuse(res, 400, 'BadDeviceToken')
      if (device.gone) return refuse(res, 410, 'Unregistered')
      const problem = vapidProblem(req.headers.authorization, device, origin)
      if (problem) return refuse(res, 403, problem)
      if (!req.headers.ttl || !/^\d+$/.test(String(req.headers.ttl))) return refuse(res, 400, 'BadExpirationDate')
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(res, 400, 'BadMessage')
      const body = Buffer.concat(chunks)
      if (body.length > 4096) return refuse(res, 413, 'PayloadTooLarge')
      let plaintext: string
      try {
        plaintext = decrypt(body, device)
      } catch {
        return refuse(res, 400, 'BadMessage')
      }
      const [head, claims] = (/t=([^,]+)/.exec(req.headers.authorization ?? '')?.[1] ?? '').split('.')
      delivered.push({
        endpoint: `${origin}${req.url}`,
        headers: req.headers,
        plaintext,
        jwt: { header: decodeJson(head), claims: decodeJson(claims) },
      })
      res.writeHead(201, { 'apns-id': randomBytes(16).toString('hex') })
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    origin,
    delivered,
    refused,
    /** What `pushManager.subscribe({ applicationServerKey })` gives a page on an Apple device. */
    subscribe(applicationServerKey: string): StandInSubscription {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const id = randomBytes(24).toString('base64url')
      const device: Device = { applicationServerKey, ecdh, auth: randomBytes(16), gone: false }
      devices.set(id, device)
      return {
        endpoint: `${origin}/3/device/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: device.auth.toString('base64url') },
      }
    },
    /** The reader turned notifications off, or removed the app: Apple answers 410 from now on. */
    unsubscribe(endpoint: string) {
      const device = devices.get(endpoint.split('/').pop() ?? '')
      if (device) device.gone = true
    },
    reset() {
      delivered.length = 0
      refused.length = 0
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

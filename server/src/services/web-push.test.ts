import { createECDH, createPublicKey, verify } from 'node:crypto'
import { expect, test } from 'vitest'
import { encryptForSubscription, generateVapidKeys, isVapidKeyPair, vapidAuthorization } from './web-push'

// The protocol end to end (a saved subscription, a notification, Apple's answers) is tested against a local stand-in
// for Apple's push service in tests/api/web-push.test.ts; these pin the pieces that need no server.

test('a message is encrypted exactly as RFC 8291’s example (Appendix A)', () => {
  const sealed = encryptForSubscription(
    Buffer.from('When I grow up, I want to be a watermelon'),
    {
      p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
      auth: 'BTBZMqHH6r4Tts7J_aSIgg',
    },
    {
      salt: Buffer.from('DGv6ra1nlYgDCS1FRnbzlw', 'base64url'),
      senderPrivate: Buffer.from('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw', 'base64url'),
    },
  )
  expect(sealed.toString('base64url')).toBe(
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  )
})

test('each message has its own salt and one-time key', () => {
  const receiver = createECDH('prime256v1')
  receiver.generateKeys()
  const subscription = { p256dh: receiver.getPublicKey().toString('base64url'), auth: 'BTBZMqHH6r4Tts7J_aSIgg' }
  const [a, b] = [encryptForSubscription(Buffer.from('x'), subscription), encryptForSubscription(Buffer.from('x'), subscription)]
  expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false)
  expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false)
})

test('generated VAPID keys are a P-256 pair, and a mismatched pair is told apart', () => {
  const keys = generateVapidKeys()
  expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65)
  expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32)
  expect(isVapidKeyPair(keys)).toBe(true)
  expect(isVapidKeyPair({ ...keys, publicKey: generateVapidKeys().publicKey })).toBe(false)
})

test('the VAPID header is an ES256 JWT for the push service’s origin, verifiable with the key it names', () => {
  const keys = generateVapidKeys()
  const now = Date.UTC(2026, 11, 7, 12)
  const header = vapidAuthorization('https://web.push.apple.com/QGuQyavXutnMH/abc', keys, 'mailto:admin@owe.example', now)
  const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(header) ?? []
  expect(key).toBe(keys.publicKey)
  const [head, claims, signature] = token.split('.')
  expect(JSON.parse(Buffer.from(head, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' })
  expect(JSON.parse(Buffer.from(claims, 'base64url').toString())).toEqual({
    aud: 'https://web.push.apple.com',
    exp: now / 1000 + 12 * 3600,
    sub: 'mailto:admin@owe.example',
  })
  const point = Buffer.from(keys.publicKey, 'base64url')
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
    format: 'jwk',
  })
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  expect(valid).toBe(true)
})

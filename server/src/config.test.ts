import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { ConfigError, loadConfig } from './config'

test('defaults serve on 8080 from ./data with the embedded database', () => {
  const config = loadConfig({}, '/srv/owe')
  expect(config.port).toBe(8080)
  // This machine only, until HOST says otherwise.
  expect(config.host).toBe('127.0.0.1')
  expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
  expect(config.databaseUrl).toBeNull()
  expect(config.dataDir).toBe(path.resolve('/srv/owe/data'))
  expect(config.staticDir).toBe(path.resolve('/srv/owe/dist'))
  expect(config.nairaPerDollar).toBe(1000)
})

test('environment overrides are read', () => {
  const config = loadConfig(
    { PORT: '9090', OWE_DATA_DIR: '/var/owe', DATABASE_URL: 'postgres://u@localhost/owe', OWE_CORPUS_CACHE_MS: '0' },
    '/srv/owe',
  )
  expect(config.port).toBe(9090)
  expect(config.dataDir).toBe('/var/owe')
  expect(config.databaseUrl).toBe('postgres://u@localhost/owe')
  expect(config.corpusCacheMs).toBe(0)
})

test('bad values are refused with the variable named', () => {
  expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError)
  expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be an integer/)
  expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/)
})

test('mail and sign-in settings: outbox by default, links on the local server, limits overridable', () => {
  const config = loadConfig({ PORT: '9090' })
  expect(config.smtpUrl).toBeNull()
  expect(config.publicUrl).toBe('http://localhost:9090')
  expect(config.authRateLimit).toBe(10)
  expect(config.sessionDays).toBe(30)
  const custom = loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', OWE_PUBLIC_URL: 'https://owe.example/', OWE_AUTH_RATE_LIMIT: '50' })
  expect(custom.smtpUrl).toBe('smtp://127.0.0.1:2525')
  expect(custom.publicUrl).toBe('https://owe.example')
  expect(custom.authRateLimit).toBe(50)
  expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/)
  expect(() => loadConfig({ OWE_PUBLIC_URL: 'owe.example' })).toThrow(/OWE_PUBLIC_URL/)
})

test('the site’s origins: the public URL’s by default, more from OWE_SITE_ORIGINS, origins only', () => {
  expect(loadConfig({ PORT: '9090' }).siteOrigins).toEqual(['http://localhost:9090'])
  expect(
    loadConfig({
      OWE_PUBLIC_URL: 'https://owe.example/app',
      OWE_SITE_ORIGINS: ' https://www.owe.example/, https://OWE.example ,http://127.0.0.1:8080',
    }).siteOrigins,
  ).toEqual(['https://owe.example', 'https://www.owe.example', 'http://127.0.0.1:8080'])
  for (const bad of [
    'www.owe.example',
    'https://owe.example/app',
    'https://owe.example?x=1',
    'javascript:alert(1)',
    'https://user@owe.example',
  ]) {
    expect(() => loadConfig({ OWE_SITE_ORIGINS: bad })).toThrow(/OWE_SITE_ORIGINS/)
  }
})

test('TRUST_PROXY believes only the proxies named: a count or addresses, never every hop', () => {
  expect(loadConfig({}).trustProxy).toBe(false)
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
  expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1'])
  expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/)
})

/** A service account key's fields; the key text is a placeholder (config does not parse PEM). */
const ACCOUNT = {
  type: 'service_account',
  project_id: 'owe-prod',
  private_key: '-----BEGIN PRIVATE KEY-----\nplaceholder\n-----END PRIVATE KEY-----\n',
  client_email: 'push@owe-prod.iam.gserviceaccount.com',
  token_uri: 'https://oauth2.googleapis.com/token',
}

/** The account without one field. */
const without = (field: keyof typeof ACCOUNT) => Object.fromEntries(Object.entries(ACCOUNT).filter(([name]) => name !== field))

test('push is off without FIREBASE_SERVICE_ACCOUNT', () => {
  expect(loadConfig({}).push).toBeNull()
  expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: '  ', FIREBASE_PROJECT_ID: 'owe-prod' }).push).toBeNull()
})

test("FIREBASE_SERVICE_ACCOUNT as JSON text: the key's fields, its project, Google's FCM", () => {
  expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(ACCOUNT) }).push).toEqual({
    serviceAccount: {
      clientEmail: 'push@owe-prod.iam.gserviceaccount.com',
      privateKey: ACCOUNT.private_key.trim(),
      tokenUri: 'https://oauth2.googleapis.com/token',
      projectId: 'owe-prod',
    },
    projectId: 'owe-prod',
    fcmBaseUrl: 'https://fcm.googleapis.com',
  })
})

test('FIREBASE_SERVICE_ACCOUNT as a path, absolute or relative to the working folder', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'owe-config-'))
  try {
    fs.writeFileSync(path.join(folder, 'firebase.json'), JSON.stringify(ACCOUNT, null, 2))
    const absolute = loadConfig({ FIREBASE_SERVICE_ACCOUNT: path.join(folder, 'firebase.json') }).push
    expect(absolute?.serviceAccount.clientEmail).toBe(ACCOUNT.client_email)
    expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: 'firebase.json' }, folder).push).toEqual(absolute)
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: 'missing.json' }, folder)).toThrow(
      /FIREBASE_SERVICE_ACCOUNT .*"missing.json" cannot be read/,
    )
  } finally {
    fs.rmSync(folder, { recursive: true, force: true })
  }
})

test('FIREBASE_SERVICE_ACCOUNT that is not JSON, or lacks the email or the key, is refused', () => {
  expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: '{"client_email": ' })).toThrow(
    new ConfigError('FIREBASE_SERVICE_ACCOUNT is not valid JSON'),
  )
  for (const account of [without('client_email'), without('private_key'), { ...ACCOUNT, private_key: '  ' }]) {
    expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(account) })).toThrow(
      /FIREBASE_SERVICE_ACCOUNT needs client_email and private_key/,
    )
  }
})

test("the project is FIREBASE_PROJECT_ID, else the key's project_id; one of them is needed", () => {
  const json = JSON.stringify(ACCOUNT)
  expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: json, FIREBASE_PROJECT_ID: 'owe-staging' }).push).toMatchObject({
    projectId: 'owe-staging',
    serviceAccount: { projectId: 'owe-prod' },
  })
  expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: json, FIREBASE_PROJECT_ID: ' ' }).push?.projectId).toBe('owe-prod')
  const noProject = without('project_id')
  expect(loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(noProject), FIREBASE_PROJECT_ID: 'owe-prod' }).push).toMatchObject({
    projectId: 'owe-prod',
    serviceAccount: { projectId: null },
  })
  expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(noProject) })).toThrow(/FIREBASE_PROJECT_ID is needed/)
})

test("token_uri defaults to Google's; FCM_BASE_URL is overridable; both must be http(s)", () => {
  const push = loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(without('token_uri')), FCM_BASE_URL: 'http://127.0.0.1:9099/' }).push
  expect(push?.serviceAccount.tokenUri).toBe('https://oauth2.googleapis.com/token')
  expect(push?.fcmBaseUrl).toBe('http://127.0.0.1:9099')
  expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify(ACCOUNT), FCM_BASE_URL: 'fcm.example' })).toThrow(/FCM_BASE_URL/)
  expect(() => loadConfig({ FIREBASE_SERVICE_ACCOUNT: JSON.stringify({ ...ACCOUNT, token_uri: 'ftp://x' }) })).toThrow(/token_uri/)
})

test('without payment keys only the test mode is on', () => {
  expect(loadConfig({}).payments).toEqual({ paystack: null, stripe: null, testMode: true })
})

test('a Paystack key turns Paystack on and the test mode off, unless asked to stay with test keys', () => {
  const config = loadConfig({ PAYSTACK_SECRET_KEY: 'sk_live_x' })
  expect(config.payments).toEqual({
    paystack: { secretKey: 'sk_live_x', baseUrl: 'https://api.paystack.co' },
    stripe: null,
    testMode: false,
  })
  expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_x', OWE_PAYMENTS_TEST_MODE: 'true' }).payments.testMode).toBe(true)
  // Never beside keys that take real money: the test checkout gives plans away.
  expect(() => loadConfig({ PAYSTACK_SECRET_KEY: 'sk_live_x', OWE_PAYMENTS_TEST_MODE: 'true' })).toThrow(/live payment keys/)
  expect(() => loadConfig({ STRIPE_SECRET_KEY: 'rk_live_x', STRIPE_WEBHOOK_SECRET: 'w', OWE_PAYMENTS_TEST_MODE: 'yes' })).toThrow(
    /live payment keys/,
  )
  expect(loadConfig({ PAYSTACK_SECRET_KEY: 'k', PAYSTACK_BASE_URL: 'http://127.0.0.1:4400/' }).payments.paystack?.baseUrl).toBe(
    'http://127.0.0.1:4400',
  )
})

test('Stripe needs its webhook secret; base URLs and the test-mode flag are checked', () => {
  expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
  expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_y' }).payments.stripe).toEqual({
    secretKey: 'sk_test_x',
    webhookSecret: 'whsec_y',
    baseUrl: 'https://api.stripe.com',
  })
  expect(() => loadConfig({ PAYSTACK_SECRET_KEY: 'k', PAYSTACK_BASE_URL: 'ftp://x' })).toThrow(/PAYSTACK_BASE_URL/)
  expect(() => loadConfig({ OWE_PAYMENTS_TEST_MODE: 'maybe' })).toThrow(/OWE_PAYMENTS_TEST_MODE/)
  expect(loadConfig({ OWE_PAYMENTS_TEST_MODE: 'false' }).payments.testMode).toBe(false)
})

test('community settings: a per-hour limit, an optional contact address and link secret, each checked', () => {
  const defaults = loadConfig({})
  expect(defaults).toMatchObject({ communityRateLimit: 10, contactEmail: null, linkSecret: null })
  const set = loadConfig({ OWE_COMMUNITY_RATE_LIMIT: '3', OWE_CONTACT_EMAIL: ' Hello@Owe.example ', OWE_LINK_SECRET: 'k'.repeat(32) })
  expect(set).toMatchObject({ communityRateLimit: 3, contactEmail: 'hello@owe.example', linkSecret: 'k'.repeat(32) })
  expect(() => loadConfig({ OWE_CONTACT_EMAIL: 'admins' })).toThrow(/OWE_CONTACT_EMAIL/)
  expect(() => loadConfig({ OWE_LINK_SECRET: 'short' })).toThrow(/OWE_LINK_SECRET must be at least 32/)
  expect(() => loadConfig({ OWE_COMMUNITY_RATE_LIMIT: '0' })).toThrow(/OWE_COMMUNITY_RATE_LIMIT/)
})

test('nothing waits on a client forever: request, idle and keep-alive timeouts have defaults and bounds', () => {
  expect(loadConfig({}).http).toEqual({
    requestTimeoutMs: 30_000,
    headersTimeoutMs: 20_000,
    idleTimeoutMs: 120_000,
    keepAliveTimeoutMs: 72_000,
    shutdownGraceMs: 10_000,
  })
  const quick = loadConfig({
    OWE_REQUEST_TIMEOUT_MS: '5000',
    OWE_IDLE_TIMEOUT_MS: '9000',
    OWE_KEEP_ALIVE_TIMEOUT_MS: '4000',
    OWE_SHUTDOWN_GRACE_MS: '0',
  }).http
  expect(quick).toEqual({
    requestTimeoutMs: 5000,
    headersTimeoutMs: 5000,
    idleTimeoutMs: 9000,
    keepAliveTimeoutMs: 4000,
    shutdownGraceMs: 0,
  })
  expect(() => loadConfig({ OWE_REQUEST_TIMEOUT_MS: '0' })).toThrow(/OWE_REQUEST_TIMEOUT_MS must be an integer from 1000/)
  expect(() => loadConfig({ OWE_IDLE_TIMEOUT_MS: 'forever' })).toThrow(/OWE_IDLE_TIMEOUT_MS/)
})

test('likes per reader per minute: 60 unless OWE_LIKE_RATE_LIMIT says otherwise, and never nonsense', () => {
  expect(loadConfig({}).likeRateLimit).toBe(60)
  expect(loadConfig({ OWE_LIKE_RATE_LIMIT: '5' }).likeRateLimit).toBe(5)
  expect(() => loadConfig({ OWE_LIKE_RATE_LIMIT: '0' })).toThrow(/OWE_LIKE_RATE_LIMIT/)
  expect(() => loadConfig({ OWE_LIKE_RATE_LIMIT: 'lots' })).toThrow(/OWE_LIKE_RATE_LIMIT/)
})

test('analytics: raw events kept 30 days unless told, never fewer than trending’s 8; 120 batches a client a minute', () => {
  const config = loadConfig({})
  expect(config.analyticsRetentionDays).toBe(30)
  expect(config.eventRateLimit).toBe(120)
  expect(loadConfig({ OWE_ANALYTICS_RETENTION_DAYS: '8', OWE_EVENT_RATE_LIMIT: '10' })).toMatchObject({
    analyticsRetentionDays: 8,
    eventRateLimit: 10,
  })
  expect(() => loadConfig({ OWE_ANALYTICS_RETENTION_DAYS: '7' })).toThrow(/OWE_ANALYTICS_RETENTION_DAYS must be an integer from 8/)
  expect(() => loadConfig({ OWE_EVENT_RATE_LIMIT: '0' })).toThrow(/OWE_EVENT_RATE_LIMIT/)
  expect(config.addressEventsPerDay).toBe(20_000)
  expect(loadConfig({ OWE_EVENTS_PER_ADDRESS_DAY: '5000' }).addressEventsPerDay).toBe(5000)
  expect(() => loadConfig({ OWE_EVENTS_PER_ADDRESS_DAY: '0' })).toThrow(/OWE_EVENTS_PER_ADDRESS_DAY/)
})

test('learning: 120 calls a reader a minute unless told, at least one', () => {
  expect(loadConfig({}).learningRateLimit).toBe(120)
  expect(loadConfig({ OWE_LEARNING_RATE_LIMIT: '30' }).learningRateLimit).toBe(30)
  expect(() => loadConfig({ OWE_LEARNING_RATE_LIMIT: '0' })).toThrow(/OWE_LEARNING_RATE_LIMIT/)
})

test('Web Push to Apple: keys made by the server unless both are given as one pair, a subject, Apple’s service only', () => {
  expect(loadConfig({}).webPush).toEqual({
    vapid: null,
    subject: 'mailto:no-reply@owe.local',
    endpointOrigins: ['https://web.push.apple.com'],
  })
  // RFC 8291's example key pair (Appendix A): public, and never used to send.
  const pair = {
    VAPID_PUBLIC_KEY: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
    VAPID_PRIVATE_KEY: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  }
  const given = loadConfig({
    ...pair,
    OWE_CONTACT_EMAIL: 'Editors@Owe.example',
    OWE_WEB_PUSH_ORIGINS: 'https://web.push.apple.com, http://127.0.0.1:7400',
  })
  expect(given.webPush).toEqual({
    vapid: { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY },
    subject: 'mailto:editors@owe.example',
    endpointOrigins: ['https://web.push.apple.com', 'http://127.0.0.1:7400'],
  })
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together/)
  expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94' })).toThrow(/one P-256 key pair/)
  expect(() => loadConfig({ VAPID_SUBJECT: 'editors@owe.example' })).toThrow(/VAPID_SUBJECT/)
  expect(() => loadConfig({ OWE_WEB_PUSH_ORIGINS: 'https://web.push.apple.com/path' })).toThrow(ConfigError)
})

test('the device cookies’ secret: made by the server unless OWE_DEVICE_COOKIE_SECRET names one of at least 32 characters', () => {
  expect(loadConfig({}).deviceCookieSecret).toBeNull()
  expect(loadConfig({ OWE_DEVICE_COOKIE_SECRET: ` ${'d'.repeat(32)} ` }).deviceCookieSecret).toBe('d'.repeat(32))
  expect(() => loadConfig({ OWE_DEVICE_COOKIE_SECRET: 'short' })).toThrow(/OWE_DEVICE_COOKIE_SECRET must be at least 32/)
})

test('reads per client: 150 at once, 300 a minute, a refusal held up to a second, unless OWE_READ_* say otherwise', () => {
  expect(loadConfig({}).readRateLimit).toEqual({ perMinute: 300, burst: 150, holdMs: 1000 })
  expect(loadConfig({ OWE_READ_RATE_LIMIT: '60', OWE_READ_BURST: '5', OWE_READ_HOLD_MS: '0' }).readRateLimit).toEqual({
    perMinute: 60,
    burst: 5,
    holdMs: 0,
  })
  expect(() => loadConfig({ OWE_READ_RATE_LIMIT: '0' })).toThrow(/OWE_READ_RATE_LIMIT/)
  expect(() => loadConfig({ OWE_READ_BURST: 'lots' })).toThrow(/OWE_READ_BURST/)
})

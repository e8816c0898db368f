import path from 'node:path'
import { expect, test } from 'vitest'
import { ConfigError, loadConfig } from './config'

test('defaults serve on 8080 from ./data with the embedded database', () => {
  const config = loadConfig({}, '/srv/owe')
  expect(config.port).toBe(8080)
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

test('TRUST_PROXY believes only the proxies named: a count or addresses, never every hop', () => {
  expect(loadConfig({}).trustProxy).toBe(false)
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1)
  expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1'])
  expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/)
})

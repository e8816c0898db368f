import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { expect, test } from 'vitest'
import { startServer } from '../support/server-process'

// These start the real server process on the embedded database, whatever DATABASE_URL says.
const embedded = { DATABASE_URL: '' }

async function counts(url: string) {
  const groups = (await (await fetch(`${url}/api/proverbs/ethnic/public?q=all`)).json()) as { data: unknown[] }
  const proverbs = (await (await fetch(`${url}/api/proverbs/public?size=1`)).json()) as { totalElements: number }
  return { groups: groups.data.length, proverbs: proverbs.totalElements }
}

test('a first start creates, migrates and seeds the data folder; a second start reuses it and adds nothing', async () => {
  const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'owe-start-')), 'nested', 'data')
  const first = await startServer({ port: 4310, dataDir, env: embedded })
  const before = await counts(first.url)
  await first.stop()
  expect(before.groups).toBe(8)
  expect(before.proverbs).toBeGreaterThanOrEqual(400)

  const second = await startServer({ port: 4310, dataDir, env: embedded })
  expect(await counts(second.url)).toEqual(before)
  await second.stop()
}, 120_000)

test('a second server on a data folder in use refuses to start and says why', async () => {
  const running = await startServer({ port: 4311, env: embedded })
  try {
    const second = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, ...embedded, PORT: '4312', OWE_DATA_DIR: running.dataDir },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(second.status).toBe(1)
    expect(second.stderr).toContain(`Òwe cannot start: The data folder ${running.dataDir} is in use by another Òwe server`)
    // The first server is unharmed.
    expect((await fetch(`${running.url}/api/health`)).status).toBe(200)
  } finally {
    await running.stop()
  }
}, 120_000)

test('a bad setting stops the server with the variable named', () => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: { ...process.env, PORT: 'eighty' },
    encoding: 'utf8',
    timeout: 30_000,
  })
  expect(result.status).toBe(1)
  expect(result.stderr).toContain('Òwe cannot start: PORT must be an integer from 0 to 65535, got "eighty"')
})

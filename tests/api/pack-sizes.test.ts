import { afterAll, beforeAll, expect, test } from 'vitest'
import { API } from '../../src/core/http/api-paths'
import { PAGE_SIZE_MAX } from '../../src/core/shared/constants'
import type { EthnicGroup } from '../../src/core/proverbs/contract'
import type { Plan } from '../../src/core/payments/contract'
import { call, get, groupsBySlug, memberOf, plansByName } from '../support/accounts'
import { payWithTestMode } from '../support/payments'
import { createTestApp } from '../support/test-app'

let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
let groups: Record<string, EthnicGroup>
beforeAll(async () => {
  ctx = await createTestApp()
  plans = await plansByName(ctx.app)
  groups = await groupsBySlug(ctx.app)
})
afterAll(() => ctx.close())

/** What the device's download stores for a people: the bytes of every page it fetches. */
async function downloadedBytes(token: string, slug: string) {
  let bytes = 0
  for (let page = 1, pages = 1; page <= pages; page++) {
    const res = await get(ctx.app, `${API.proverbsLogged(slug)}?page=${page}&size=${PAGE_SIZE_MAX}`, token)
    expect(res.status).toBe(200)
    bytes += res.raw.length
    pages = res.body.totalPages
  }
  return bytes
}

test('the size of keeping a people offline is measured from its pack, for the peoples the reader has only', async () => {
  const free = await memberOf(ctx.app, ctx.database.db, { packageId: plans.Free.id, languages: [groups.yoruba.id, groups.igbo.id] })
  const res = await get(ctx.app, API.packSizes, free.token)
  expect(res.status).toBe(200)
  expect(res.body.data).toEqual([
    { groupId: groups.yoruba.id, proverbs: groups.yoruba.proverbCount, bytes: await downloadedBytes(free.token, 'yoruba') },
  ])

  const paid = await memberOf(ctx.app, ctx.database.db, { packageId: plans.Silver.id, languages: [groups.hausa.id, groups.zulu.id] })
  await payWithTestMode(ctx.app, paid.token, plans.Silver)
  const both = await get(ctx.app, API.packSizes, paid.token)
  expect(both.body.data.map((s: { groupId: number }) => s.groupId)).toEqual([groups.hausa.id, groups.zulu.id])
  expect(both.body.data[1].bytes).toBe(await downloadedBytes(paid.token, 'zulu'))
})

test('pack sizes need a session', async () => {
  expect((await call(ctx.app, 'GET', API.packSizes)).status).toBe(401)
})

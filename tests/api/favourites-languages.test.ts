import { afterAll, beforeAll, expect, test } from 'vitest'
import { userPackages } from '../../server/src/db/schema'
import type { EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import type { Paginated } from '../../src/core/http/contract'
import type { Plan } from '../../src/core/payments/contract'
import { PLAN_TEXTS } from '../../src/core/payments/plans'
import { DAY, del, get, groupsBySlug, memberOf, plansByName, post, put, testClock } from '../support/accounts'
import { createTestApp } from '../support/test-app'

const clock = testClock()
let ctx: Awaited<ReturnType<typeof createTestApp>>
let plans: Record<string, Plan>
let groups: Record<string, EthnicGroup>
let zuluProverbs: Proverb[]
beforeAll(async () => {
  ctx = await createTestApp({}, clock.now)
  plans = await plansByName(ctx.app)
  groups = await groupsBySlug(ctx.app)
  zuluProverbs = (await get(ctx.app, '/api/proverbs/public?ethnic=zulu&size=30')).body.data
})
afterAll(() => ctx.close())

const newUser = (overrides: Parameters<typeof memberOf>[2] = {}) => memberOf(ctx.app, ctx.database.db, overrides)
const publicProverb = async (id: number): Promise<Proverb> => (await get(ctx.app, `/api/proverbs/public/${id}`)).body.data
const marks = async (token: string) => (await get(ctx.app, '/api/proverbs/marks', token)).body.data
const favourites = async (token: string, query = '') =>
  (await get(ctx.app, `/api/proverbs/favourites${query}`, token)).body as Paginated<Proverb>
const languages = async (token: string) => (await get(ctx.app, '/api/userPackage/languages', token)).body.data
const chooseLanguages = (token: string, ids: unknown) => post(ctx.app, '/api/userPackage/languages/update', { languages: ids }, token)

/** Gives a user an active package row, as a completed payment would. */
async function activePackage(userId: number, plan: Plan, startsAt: Date, endsAt: Date) {
  await ctx.database.db.insert(userPackages).values({ userId, packageId: plan.id, startsAt, endsAt })
}

test('favouriting is idempotent: PUT twice keeps one, DELETE twice leaves none', async () => {
  const user = await newUser()
  const id = zuluProverbs[0].id
  for (let i = 0; i < 2; i++) {
    expect(await put(ctx.app, `/api/proverbs/favourites/${id}`, user.token)).toMatchObject({
      status: 200,
      body: { data: { proverbId: id, favourite: true } },
    })
  }
  expect((await marks(user.token)).favourites).toEqual([id])
  expect((await favourites(user.token)).totalElements).toBe(1)
  for (let i = 0; i < 2; i++) {
    expect(await del(ctx.app, `/api/proverbs/favourites/${id}`, user.token)).toMatchObject({
      status: 200,
      body: { data: { proverbId: id, favourite: false } },
    })
  }
  expect((await marks(user.token)).favourites).toEqual([])
  expect(await favourites(user.token)).toEqual({ data: [], page: 1, size: expect.any(Number), totalPages: 0, totalElements: 0 })
})

test('favouriting or liking a proverb that does not exist is a 404', async () => {
  const user = await newUser()
  for (const id of ['999999', '0', '-1', '1.5', 'abc', '99999999999', 'zulu-proverb']) {
    for (const path of ['favourites', 'likes']) {
      for (const send of [put, del]) {
        const res = await send(ctx.app, `/api/proverbs/${path}/${id}`, user.token)
        expect(res.status, `${send === put ? 'PUT' : 'DELETE'} ${path}/${id}`).toBe(404)
        expect(res.body).toEqual({ error: { code: 'not_found', message: 'No proverb has that id.' } })
      }
    }
  }
  expect(await marks(user.token)).toEqual({ favourites: [], likes: [] })
})

test('the favourites list is paginated, most recently added first', async () => {
  const user = await newUser()
  // Added in an order that is neither ascending nor descending by id.
  const [first, second, third] = [zuluProverbs[2], zuluProverbs[0], zuluProverbs[1]]
  for (const proverb of [first, second, third]) {
    expect((await put(ctx.app, `/api/proverbs/favourites/${proverb.id}`, user.token)).status).toBe(200)
    clock.advance(1000)
  }
  const page1 = await favourites(user.token, '?page=1&size=2')
  expect(page1).toMatchObject({ page: 1, size: 2, totalPages: 2, totalElements: 3 })
  expect(page1.data.map((p) => p.id)).toEqual([third.id, second.id])
  expect(page1.data[0]).toEqual(await publicProverb(third.id))
  const page2 = await favourites(user.token, '?page=2&size=2')
  expect(page2.data.map((p) => p.id)).toEqual([first.id])
  expect((await get(ctx.app, '/api/proverbs/favourites?size=0', user.token)).status).toBe(400)
})

test('marks lists the ids the user has favourited and liked', async () => {
  const user = await newUser()
  const [a, b, c] = zuluProverbs.slice(3, 6).map((p) => p.id)
  await put(ctx.app, `/api/proverbs/favourites/${a}`, user.token)
  await put(ctx.app, `/api/proverbs/favourites/${b}`, user.token)
  await put(ctx.app, `/api/proverbs/likes/${b}`, user.token)
  await put(ctx.app, `/api/proverbs/likes/${c}`, user.token)
  const res = await get(ctx.app, '/api/proverbs/marks', user.token)
  expect(res.status).toBe(200)
  expect({ favourites: [...res.body.data.favourites].sort(), likes: [...res.body.data.likes].sort() }).toEqual({
    favourites: [a, b].sort(),
    likes: [b, c].sort(),
  })
})

test('likes set the proverb’s count in the public API: two users make 2, liking again changes nothing, unliking makes 1', async () => {
  const [ada, kofi] = [await newUser(), await newUser()]
  const id = zuluProverbs[10].id
  expect((await publicProverb(id)).likes).toBe(0)
  expect((await put(ctx.app, `/api/proverbs/likes/${id}`, ada.token)).body).toEqual({ data: { proverbId: id, liked: true, likes: 1 } })
  expect((await put(ctx.app, `/api/proverbs/likes/${id}`, kofi.token)).body).toEqual({ data: { proverbId: id, liked: true, likes: 2 } })
  expect((await publicProverb(id)).likes).toBe(2)
  expect((await put(ctx.app, `/api/proverbs/likes/${id}`, ada.token)).body.data.likes).toBe(2)
  expect((await publicProverb(id)).likes).toBe(2)
  expect((await del(ctx.app, `/api/proverbs/likes/${id}`, ada.token)).body).toEqual({ data: { proverbId: id, liked: false, likes: 1 } })
  expect((await del(ctx.app, `/api/proverbs/likes/${id}`, ada.token)).body.data.likes).toBe(1)
  expect((await publicProverb(id)).likes).toBe(1)
})

test('likes that arrive together are all counted', async () => {
  const users = await Promise.all(Array.from({ length: 5 }, () => newUser()))
  const id = zuluProverbs[15].id
  const replies = await Promise.all(users.map((user) => put(ctx.app, `/api/proverbs/likes/${id}`, user.token)))
  expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
  expect(replies.map((r) => r.body.data.likes).sort()).toEqual([1, 2, 3, 4, 5])
  expect((await publicProverb(id)).likes).toBe(5)
  await Promise.all(users.slice(0, 3).map((user) => del(ctx.app, `/api/proverbs/likes/${id}`, user.token)))
  expect((await publicProverb(id)).likes).toBe(2)
})

test('trending puts the most liked proverb first, publicly and among the groups a user may read', async () => {
  const likers = [await newUser(), await newUser(), await newUser()]
  const target = zuluProverbs[20]
  expect((await publicProverb(target.id)).likes).toBe(0)
  expect((await get(ctx.app, '/api/proverbs/trending/public')).body.data[0].id).not.toBe(target.id)
  for (const user of likers) expect((await put(ctx.app, `/api/proverbs/likes/${target.id}`, user.token)).status).toBe(200)

  const trending = (await get(ctx.app, '/api/proverbs/trending/public')).body.data as Proverb[]
  expect(trending[0]).toMatchObject({ id: target.id, likes: 3 })
  const counts = trending.map((p) => p.likes)
  expect(counts).toEqual([...counts].sort((x, y) => y - x))

  const zuluReader = await newUser({ languages: [groups.zulu.id] })
  const yorubaReader = await newUser({ languages: [groups.yoruba.id] })
  const zuluTrending = (await get(ctx.app, '/api/proverbs/trending-proverbs', zuluReader.token)).body.data as Proverb[]
  expect(zuluTrending[0].id).toBe(target.id)
  expect(zuluTrending.every((p) => p.ethnic.slug === 'zulu')).toBe(true)
  const yorubaTrending = (await get(ctx.app, '/api/proverbs/trending-proverbs', yorubaReader.token)).body.data as Proverb[]
  expect(yorubaTrending.length).toBeGreaterThan(0)
  expect(yorubaTrending.every((p) => p.ethnic.slug === 'yoruba')).toBe(true)
})

test('GET /api/userPackage/languages lists languages, selected, unselected, maxSelectable and readable', async () => {
  const user = await newUser({ packageId: plans.Silver.id, languages: [groups.igbo.id, groups.hausa.id] })
  const res = await get(ctx.app, '/api/userPackage/languages', user.token)
  expect(res.status).toBe(200)
  const all = Object.values(groups)
  expect(res.body).toEqual({
    data: {
      languages: all,
      selected: [groups.igbo, groups.hausa],
      unselected: all.filter((g) => g.slug !== 'igbo' && g.slug !== 'hausa'),
      maxSelectable: 2,
      readable: [groups.igbo.id],
    },
  })
})

test('choosing languages within the plan replaces the selection; a repeated one counts once', async () => {
  const user = await newUser({ packageId: plans.Silver.id, languages: [groups.igbo.id] })
  const res = await chooseLanguages(user.token, [groups.akan.id, groups.zulu.id])
  expect(res.status).toBe(200)
  expect(res.body.data).toMatchObject({ selected: [groups.akan, groups.zulu], maxSelectable: 2, readable: [groups.akan.id] })
  expect((await chooseLanguages(user.token, [groups.zulu.id, groups.zulu.id])).body.data.selected).toEqual([groups.zulu])
  expect((await chooseLanguages(user.token, [])).body.data).toMatchObject({ selected: [], readable: [] })
  expect((await languages(user.token)).selected).toEqual([])
})

test('choosing more languages than the plan allows is a 400 that names the plan, and keeps the old choice', async () => {
  const user = await newUser({ packageId: plans.Silver.id, languages: [groups.igbo.id] })
  const res = await chooseLanguages(user.token, [groups.akan.id, groups.zulu.id, groups.hausa.id])
  expect(res.status).toBe(400)
  const message = 'The Silver plan includes 2 languages. Choose at most 2.'
  expect(res.body.error).toEqual({ code: 'bad_request', message, fields: { languages: message } })
  expect((await languages(user.token)).selected).toEqual([groups.igbo])

  const bronze = await newUser({ packageId: plans.Bronze.id })
  expect((await chooseLanguages(bronze.token, [groups.akan.id, groups.zulu.id])).body.error.message).toBe(
    'The Bronze plan includes 1 language. Choose at most 1.',
  )
})

test('an unknown or malformed language list is refused', async () => {
  const user = await newUser({ packageId: plans.Gold.id, languages: [groups.igbo.id] })
  expect((await chooseLanguages(user.token, [999_999])).body.error).toEqual({
    code: 'bad_request',
    message: 'Choose languages from the list.',
    fields: { languages: 'Choose languages from the list.' },
  })
  const missing = await post(ctx.app, '/api/userPackage/languages/update', {}, user.token)
  expect(missing.status).toBe(400)
  expect(missing.body.error.fields).toEqual({ languages: 'Required' })
  for (const bad of ['yoruba', [1.5], [-1], [{ id: 1 }], Array.from({ length: 9 }, (_, i) => i + 1)]) {
    const res = await chooseLanguages(user.token, bad)
    expect(res.status, JSON.stringify(bad)).toBe(400)
    expect(res.body.error.fields).toHaveProperty('languages')
  }
  expect((await languages(user.token)).selected).toEqual([groups.igbo])
})

test('a language id beyond the database’s integer range is a 400, not a 500', async () => {
  const user = await newUser({ packageId: plans.Gold.id })
  const res = await chooseLanguages(user.token, [3_000_000_000])
  expect(res.status).toBe(400)
  expect(res.body.error.code).toBe('bad_request')
})

test('without an active package only the first chosen group is readable', async () => {
  const user = await newUser({ packageId: plans.Gold.id, languages: [groups.hausa.id, groups.yoruba.id, groups.igbo.id] })
  expect((await get(ctx.app, '/api/proverbs/ethnic/logged', user.token)).body.data).toEqual([groups.hausa])

  const own = await get(ctx.app, '/api/proverbs/proverbs_logged/hausa/?size=5', user.token)
  expect(own.status).toBe(200)
  expect(own.body).toMatchObject({ page: 1, size: 5, totalElements: groups.hausa.proverbCount })
  expect(own.body.data.every((p: Proverb) => p.ethnic.slug === 'hausa')).toBe(true)
  expect((await get(ctx.app, `/api/proverbs/proverbs_logged/${groups.hausa.id}/`, user.token)).status).toBe(200)

  for (const group of ['yoruba', String(groups.igbo.id), 'zulu']) {
    const res = await get(ctx.app, `/api/proverbs/proverbs_logged/${group}/`, user.token)
    expect(res.status, group).toBe(403)
    expect(res.body.error).toEqual({
      code: 'not_in_plan',
      message: PLAN_TEXTS.beyondFree,
    })
  }
  expect((await get(ctx.app, '/api/proverbs/proverbs_logged/atlantis/', user.token)).status).toBe(404)
  // Control characters never reach the database (PostgreSQL refuses NUL): a plain 404.
  expect((await get(ctx.app, '/api/proverbs/proverbs_logged/%00/', user.token)).status).toBe(404)
  expect((await get(ctx.app, '/api/proverbs/proverbs_logged/yor%01uba/', user.token)).status).toBe(404)

  const flags = (await get(ctx.app, '/api/proverbs/language/', user.token)).body.data as { slug: string; readable: boolean }[]
  expect(flags).toHaveLength(8)
  expect(flags.filter((l) => l.readable).map((l) => l.slug)).toEqual(['hausa'])
  expect((await languages(user.token)).readable).toEqual([groups.hausa.id])
})

test('a user who has chosen no language can read no group', async () => {
  const user = await newUser({ packageId: plans.Gold.id })
  expect((await get(ctx.app, '/api/proverbs/ethnic/logged', user.token)).body).toEqual({ data: [] })
  expect((await get(ctx.app, '/api/proverbs/trending-proverbs', user.token)).body).toEqual({ data: [] })
  expect((await get(ctx.app, '/api/proverbs/proverbs_logged/yoruba/', user.token)).status).toBe(403)
  expect(await languages(user.token)).toMatchObject({ selected: [], maxSelectable: 4, readable: [] })
})

test('with an active package every chosen group up to its noOfEthnics is readable, until it ends', async () => {
  const user = await newUser({ packageId: plans.Bronze.id, languages: [groups.hausa.id] })
  await activePackage(user.user.id, plans.Gold, new Date(clock.now().getTime() - DAY), new Date(clock.now().getTime() + 30 * DAY))
  // The active Gold package, not the Bronze sign-up plan, sets the limit now.
  const chosen = [groups.hausa.id, groups.yoruba.id, groups.igbo.id, groups.akan.id]
  expect((await chooseLanguages(user.token, chosen)).status).toBe(200)
  expect((await chooseLanguages(user.token, [...chosen, groups.zulu.id])).body.error.message).toBe(
    'The Gold plan includes 4 languages. Choose at most 4.',
  )

  expect((await get(ctx.app, '/api/proverbs/ethnic/logged', user.token)).body.data).toEqual([
    groups.hausa,
    groups.yoruba,
    groups.igbo,
    groups.akan,
  ])
  for (const slug of ['hausa', 'yoruba', 'igbo', 'akan']) {
    expect((await get(ctx.app, `/api/proverbs/proverbs_logged/${slug}/`, user.token)).status, slug).toBe(200)
  }
  const unchosen = await get(ctx.app, '/api/proverbs/proverbs_logged/zulu/', user.token)
  expect(unchosen.status).toBe(403)
  expect(unchosen.body.error).toEqual({
    code: 'not_in_plan',
    message: PLAN_TEXTS.notChosen,
  })
  expect(await languages(user.token)).toMatchObject({ maxSelectable: 4, readable: chosen })
  expect((await get(ctx.app, '/api/user/profile/full', user.token)).body.data.hasActivePackage).toBe(true)

  clock.advance(31 * DAY)
  const token = (await post(ctx.app, '/accounts/login', { email: user.email, password: user.password })).body.data.token
  expect((await get(ctx.app, '/api/proverbs/ethnic/logged', token)).body.data).toEqual([groups.hausa])
  expect((await get(ctx.app, '/api/proverbs/proverbs_logged/yoruba/', token)).status).toBe(403)
  expect((await get(ctx.app, '/api/user/profile/full', token)).body.data.hasActivePackage).toBe(false)
})

test('a package that has not started yet gives nothing', async () => {
  const user = await newUser({ packageId: plans.Bronze.id, languages: [groups.akan.id] })
  await activePackage(user.user.id, plans.Platinum, new Date(clock.now().getTime() + DAY), new Date(clock.now().getTime() + 365 * DAY))
  expect(await languages(user.token)).toMatchObject({ maxSelectable: 1, readable: [groups.akan.id] })
  expect((await chooseLanguages(user.token, [groups.akan.id, groups.zulu.id])).status).toBe(400)
})

import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { API, isApiPath } from '@core/http/api-paths'
import { ADMIN_API } from '@core/admin/api-paths'
import { DOCS_PATH } from '../../server/src/openapi'
import { ROUTE_DOCS } from '../../server/src/openapi/routes'
import { adminOf, call, memberOf, type Reply } from '../support/accounts'
import { createTestApp, methodsOf, type Method } from '../support/test-app'

/**
 * The OpenAPI document (docs/decisions/014-openapi.md) names every route the server registers (collected as
 * they register, not from a hand list), with what each takes and answers, and the answers it describes
 * are the ones the server gives: real answers from a fresh seeded database are checked against it.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>
type Operation = {
  summary?: string
  parameters?: { in: string; name: string }[]
  requestBody?: { content: Record<string, { schema: object }> }
  responses: Record<string, { content?: Record<string, { schema: object }> }>
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } }

/** Writes that take nothing but their path (and the session). */
const BODILESS_WRITES = new Set([
  'PUT /api/proverbs/favourites/:id',
  'DELETE /api/proverbs/favourites/:id',
  'PUT /api/proverbs/likes/:id',
  'DELETE /api/proverbs/likes/:id',
  'POST /api/quiz/:userId/:propertyId/USER',
  'POST /quiz-batch/update_attempt/:batchId',
  'POST /user/notification/test',
  'POST /api/payments/subscription/cancel-auto-renewal/',
  'DELETE /api/admin/proverbs/:id/checked',
  'DELETE /api/admin/proverbs/:id',
  'DELETE /api/admin/categories/:id',
  'DELETE /api/admin/faqs/:id',
  'DELETE /api/admin/quiz-questions/:id',
  'DELETE /api/admin/adverts/:id',
  'POST /api/admin/contact-messages/:id/read',
  'POST /api/admin/mail/:id/retry',
])
/** Routes described but registered only when their provider is configured. */
const CONFIGURED_ONLY = new Set([`POST ${API.paystackWebhook}`, `POST ${API.stripeWebhook}`])

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

const routes: { method: Method; url: string }[] = []
/** API routes that carry a Fastify schema: none may (Fastify would validate and serialise with it). */
const withSchema: string[] = []
let testApp: Awaited<ReturnType<typeof createTestApp>>
let database: TestApp['database']
let app: TestApp['app']
let doc: Document
let ajv: Ajv2020

beforeAll(async () => {
  testApp = await createTestApp({}, undefined, (route) => {
    if (!isApiPath(route.url) || route.url.startsWith(DOCS_PATH)) return
    if (route.schema !== undefined) withSchema.push(`${route.method} ${route.url}`)
    for (const method of methodsOf(route)) routes.push({ method, url: route.url })
  })
  ;({ app, database } = testApp)
  await app.ready()
  const served = await call(app, 'GET', `${DOCS_PATH}/openapi.json`)
  expect(served.status).toBe(200)
  doc = served.body
  ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false })
  ajv.addFormat('date-time', (text: string) => !Number.isNaN(Date.parse(text)) && /^\d{4}-\d{2}-\d{2}T/.test(text))
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/)
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/)
  ajv.addSchema({ ...doc, $id: 'openapi' })
})
afterAll(() => testApp.close())

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')

/** The answer matches what the document says the route answers with its status (or the 4XX/5XX envelope). */
function expectDocumented(method: Method, url: string, reply: Reply) {
  const path = openApiPath(url)
  const responses = doc.paths[path]?.[method.toLowerCase()]?.responses
  expect(responses, `${method} ${url} is in the document`).toBeDefined()
  const status = String(reply.status)
  const key = status in responses ? status : `${status[0]}XX`
  expect(responses[key]?.content?.['application/json'], `${method} ${url} documents ${status}`).toBeDefined()
  const validate = ajv.getSchema(
    `openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', key, 'content', 'application/json', 'schema')}`,
  )!
  const valid = validate(reply.body)
  expect(valid ? [] : validate.errors, `${method} ${url} answered ${status} as documented`).toEqual([])
}

/** Calls a route (by its template, filled in) and checks the answer against the document. */
async function check(
  method: Method,
  template: string,
  filled: string,
  options: { token?: string; payload?: unknown; status?: number } = {},
) {
  const reply = await call(app, method, filled, { token: options.token, payload: options.payload })
  expect(reply.status, `${method} ${filled}: ${JSON.stringify(reply.body)}`).toBe(options.status ?? 200)
  expectDocumented(method, template, reply)
  return reply
}

describe('the document', () => {
  test('is OpenAPI 3.1, served as JSON with a browsable page, both under /api/docs', async () => {
    expect(doc.openapi).toBe('3.1.0')
    expect((await call(app, 'GET', `${DOCS_PATH}/json`)).body).toEqual(doc)
    const page = await app.inject({ method: 'GET', url: `${DOCS_PATH}/` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    // The app's own policy applies: every script is a file of this server, none elsewhere; the one inline
    // script it allows (index.html's cookie-banner check) is named by its hash, and this page has none.
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[\w+/]+=*';/)
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes, inline] of scripts) {
      expect(attributes).toMatch(/src="\.\/static\/[\w.-]+\.js"/)
      expect(inline.trim()).toBe('')
    }
    const bundle = await app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-ui-bundle.js` })
    expect(bundle.statusCode).toBe(200)
  })

  test('names every registered route with its method, path, input and answers', () => {
    // Every feature registers here: the public corpus, accounts, reading, quizzes, payments, community, admins.
    expect(routes.length).toBeGreaterThanOrEqual(120)
    for (const { method, url } of routes) {
      const key = `${method} ${url}`
      const entry = ROUTE_DOCS[key]
      expect(entry, `${key} has an entry in server/src/openapi/routes.ts`).toBeDefined()
      const operation = doc.paths[openApiPath(url)]?.[method.toLowerCase()]
      expect(operation, `${key} is in the document`).toBeDefined()
      expect(operation.summary).toBe(entry.summary)
      const pathParams = [...url.matchAll(/:(\w+)/g)].map(([, name]) => name)
      expect(
        (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        key,
      ).toEqual(pathParams)
      if (['POST', 'PUT', 'PATCH'].includes(method) && !BODILESS_WRITES.has(key))
        expect(operation.requestBody?.content, `${key} describes its body`).toBeDefined()
      const success = Object.entries(operation.responses).filter(([status]) => /^[23]\d\d$/.test(status))
      expect(success.length, `${key} documents its success`).toBe(1)
      expect(Object.values(success[0][1].content ?? {})[0]?.schema, `${key} shapes its success`).toBeDefined()
      const refused = operation.responses['4XX']?.content ?? {}
      if ('text/html' in success[0][1].content!) expect(Object.keys(refused), key).toEqual(['text/html'])
      else expect(refused['application/json']?.schema, key).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' })
    }
  })

  test('is only a description: no route carries a schema Fastify would validate or serialise with', () => {
    expect(withSchema).toEqual([])
  })

  test('describes no route the server does not have', () => {
    const registered = new Set(routes.map(({ method, url }) => `${method} ${url}`))
    const stale = Object.keys(ROUTE_DOCS).filter((key) => !registered.has(key) && !CONFIGURED_ONLY.has(key))
    expect(stale).toEqual([])
  })

  test('shows nothing but the API: no app pages, no secrets', () => {
    for (const path of Object.keys(doc.paths)) expect(isApiPath(path.replace(/\{(\w+)\}/g, ':$1')), path).toBe(true)
    expect(JSON.stringify(doc)).not.toMatch(/secret|password[^"]*":\s*"[^"]|sk_|pk_|BEGIN /i)
  })
})

describe('the public calls answer as documented', () => {
  test('the corpus', async () => {
    const groups = await check('GET', API.ethnicGroupsPublic, API.ethnicGroupsPublic)
    const group = groups.body.data[0]
    await check('GET', API.ethnicGroupsPublic, `${API.ethnicGroupsPublic}?q=${group.slug}`)
    const categories = await check('GET', API.categoriesPublic, API.categoriesPublic)
    const list = await check('GET', API.proverbsPublic, `${API.proverbsPublic}?size=50`)
    expect(list.body.data.length).toBeGreaterThan(0)
    await check('GET', API.proverbsPublic, `${API.proverbsPublic}?q=${encodeURIComponent(list.body.data[0].proverb.split(' ')[0])}`)
    await check(
      'GET',
      API.proverbsPublic,
      `${API.proverbsPublic}?ethnic=${group.slug}&category=${categories.body.data.content[0].slug}&page=2&size=5`,
    )
    const proverb = list.body.data[0]
    await check('GET', '/api/proverbs/public/:idOrSlug', API.proverbPublic(proverb.slug))
    await check('GET', '/api/proverbs/public/:idOrSlug', API.proverbPublic(proverb.id))
    await check('GET', '/api/proverbs/public/:idOrSlug/history', API.proverbHistory(proverb.slug))
    await check('GET', API.proverbsToday, `${API.proverbsToday}?date=2026-11-21`)
    await check('GET', API.trendingPublic, `${API.trendingPublic}?limit=5`)
  })

  test('the analytics collector', async () => {
    const at = new Date().toISOString()
    const events = [
      { id: crypto.randomUUID(), type: 'page_view', at, path: '/' },
      { id: crypto.randomUUID(), type: 'search', at, path: '/search_result', q: 'omi', results: 0 },
    ]
    await check('POST', API.events, API.events, { payload: { events }, status: 202 })
    await check('POST', API.events, API.events, { payload: { events: [{ ...events[0], type: 'click' }] }, status: 400 })
  })

  test('plans, prices, pages and health', async () => {
    const plans = await check('GET', API.packages, API.packages)
    await check('GET', API.exchangeRate, API.exchangeRate)
    await check('GET', API.faq, API.faq)
    const options = await check('GET', API.paymentOptions, API.paymentOptions)
    const paid = plans.body.data.find((plan: { amount: number }) => plan.amount > 0)
    await check('GET', API.paymentQuote, `${API.paymentQuote}?packageId=${paid.id}&currency=USD&option=${options.body.data[0].id}`)
    await check('GET', API.health, API.health)
    await check('GET', API.healthReady, API.healthReady)
    await check('GET', API.checkEmail, `${API.checkEmail}?email=nobody@example.com`)
    await check('GET', '/accounts/checkphone/:phone', API.checkPhone('+2348000000000'))
    await check('GET', '/api/user/profile/verify_promo-code/:code', API.verifyPromoCode('NOPE'))
  })

  test('errors come in the documented envelope', async () => {
    await check('GET', '/api/proverbs/public/:idOrSlug', API.proverbPublic('no-such-proverb'), { status: 404 })
    const refused = await check('GET', API.proverbsPublic, `${API.proverbsPublic}?page=0`, { status: 400 })
    expect(refused.body.error.fields).toBeDefined()
    await check('GET', API.profileFull, API.profileFull, { status: 401 })
    await check('POST', API.login, API.login, { payload: { email: 'not an email' }, status: 400 })
  })
})

describe('signed-in calls answer as documented', () => {
  test("a reader's reads", async () => {
    const groups = await call(app, 'GET', API.ethnicGroupsPublic)
    const member = await memberOf(app, database.db, { languages: [groups.body.data[0].id] })
    const { token } = member
    for (const url of [
      API.personalInfo,
      API.address,
      API.profileFull,
      API.referralCode,
      API.languagesPrivate,
      API.ethnicGroupsLogged,
      API.trendingPrivate,
      API.favourites,
      API.marks,
      API.packSizes,
      API.userLanguages,
      API.questionProperties,
      API.quizWeek,
      API.quizWeekGenerated,
      API.quizRecent,
      API.leaderboardPlayers,
      API.leaderboardPlayer,
      API.notifications,
      API.notificationsUnread,
      API.notificationsRead,
      API.notificationsUnreadCount,
      API.dailyReminder,
      API.paymentHistory,
      API.adToggle,
    ])
      await check('GET', url, url, { token })
    await check('GET', '/api/proverbs/proverbs_logged/:group/', API.proverbsLogged(groups.body.data[0].slug), { token })
    const proverb = (await call(app, 'GET', API.proverbsPublic)).body.data[0]
    await check('PUT', '/api/proverbs/favourites/:id', API.favourite(proverb.id), { token })
    await check('PUT', '/api/proverbs/likes/:id', API.like(proverb.id), { token })
    await check('POST', API.notificationTest, API.notificationTest, { token })
    await check('GET', API.adverts, API.adverts, { token })
  })

  test('a quiz, from its questions to its result', async () => {
    const groups = await call(app, 'GET', API.ethnicGroupsPublic)
    const { token, user } = await memberOf(app, database.db, { languages: [groups.body.data[0].id] })
    const properties = await check('GET', API.questionProperties, API.questionProperties, { token })
    const batch = (
      await check('POST', '/api/quiz/:userId/:propertyId/USER', API.quizGenerate(user.id, properties.body.data[0].id), {
        token,
        status: 201,
      })
    ).body.data
    const quiz = (await check('GET', '/api/quiz/all/:batchId', API.quiz(batch.batchId), { token })).body.data[0]
    const [first] = quiz.questions
    await check('POST', API.quizSubmitSingle, API.quizSubmitSingle, {
      token,
      payload: { batchId: batch.batchId, answerOptionId: first.answerOptions[0].id, ethnicFactQuestionId: first.ethnicfactQuestionId },
    })
    await check('GET', '/api/quiz/answer/:batchId/:questionId', API.quizAnswer(batch.batchId, first.ethnicfactQuestionId), { token })
    await check('POST', '/quiz-batch/update_attempt/:batchId', API.quizUpdateAttempt(batch.batchId), { token })
    await check('GET', '/api/quiz/all/:batchId', API.quiz(batch.batchId), { token })
    await check('GET', '/quiz_attempt/calculate/:batchId', API.quizResult(batch.batchId), { token })
    await check('GET', API.quizRecent, API.quizRecent, { token })
  })

  test('learning: the log and the summary', async () => {
    const { token } = await memberOf(app, database.db)
    const proverb = (await call(app, 'GET', API.proverbsPublic)).body.data[0]
    const at = new Date().toISOString()
    const base = { at, day: at.slice(0, 10), offset: 0 }
    const entries = [
      { ...base, id: crypto.randomUUID(), kind: 'read', proverbId: proverb.id },
      { ...base, id: crypto.randomUUID(), kind: 'add', proverbId: proverb.id },
      { ...base, id: crypto.randomUUID(), kind: 'review', proverbId: proverb.id, grade: 3 },
      { ...base, id: crypto.randomUUID(), kind: 'add', proverbId: 2_147_483_647 },
    ]
    const sent = await check('POST', API.learningLog, API.learningLog, { token, payload: { entries } })
    expect(sent.body.data.refused).toHaveLength(1)
    const page = await check('GET', API.learningLog, `${API.learningLog}?after=0`, { token })
    expect(page.body.data.entries).toHaveLength(3)
    await check('GET', API.learningSummary, API.learningSummary, { token })
    await check('GET', API.learningSummary, `${API.learningSummary}?today=${base.day}`, { token })
    await check('POST', API.learningLog, API.learningLog, { token, payload: { entries: [{ ...entries[0], grade: 3 }] }, status: 400 })
    await check('GET', API.learningLog, `${API.learningLog}?after=x`, { token, status: 400 })
  })

  test("an admin's lists", async () => {
    const { token } = await adminOf(app, database.db)
    for (const url of [
      ADMIN_API.suggestions,
      ADMIN_API.corrections,
      ADMIN_API.proverbs,
      ADMIN_API.categories,
      ADMIN_API.faqs,
      ADMIN_API.quizQuestions,
      ADMIN_API.adverts,
      ADMIN_API.contactMessages,
      ADMIN_API.users,
      ADMIN_API.payments,
      ADMIN_API.audit,
      `${ADMIN_API.mail}?status=kept`,
      ADMIN_API.insights,
      `${ADMIN_API.insights}?from=2026-01-01&to=2026-12-31`,
    ])
      await check('GET', url.split('?')[0], url, { token })
  })
})

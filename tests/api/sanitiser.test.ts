import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  adverts,
  answerOptions,
  categories,
  contactMessages,
  faqs,
  notifications,
  proverbs,
  quizQuestions,
  suggestions,
  userAddresses,
  users,
} from '../../server/src/db/schema'
import { API } from '../../src/core/http/api-paths'
import { ADMIN_API } from '../../src/core/admin/api-paths'
import type { Category, EthnicGroup } from '../../src/core/proverbs/contract'
import { adminOf, call, get, groupsBySlug, memberOf, post, signupBody, type Reply } from '../support/accounts'
import { createTestApp } from '../support/test-app'

/**
 * Every free-text field a person types, sent with markup (a closed tag, and an unclosed one that a
 * browser would run), a bidirectional override, decomposed tone marks and stray white space, comes out of
 * the API boundary clean in the database — where the leaderboard, the console and emails read it.
 */

const ONE_LINE_IN = '\u202E <b>Ada</b>\u202C \r\n Ọ̀bị <img src=x onerror=alert(1)'.normalize('NFD')
const ONE_LINE_OUT = 'Ada Ọ̀bị'.normalize('NFC')
const LINES_IN = 'First <i>line</i>  \r\nsecond \u202Eline <img src=x onerror=alert(1)'
const LINES_OUT = 'First line\nsecond line'

let t: Awaited<ReturnType<typeof createTestApp>>
let admin: Awaited<ReturnType<typeof adminOf>>
let groups: Record<string, EthnicGroup>
let categoryIds: Record<string, number>
beforeAll(async () => {
  t = await createTestApp({ OWE_COMMUNITY_RATE_LIMIT: '1000' })
  admin = await adminOf(t.app, t.database.db)
  groups = await groupsBySlug(t.app)
  const { body } = await get(t.app, API.categoriesPublic)
  categoryIds = Object.fromEntries((body.data.content as Category[]).map((c) => [c.name, c.id]))
})
afterAll(() => t.close())

const db = () => t.database.db
const put = (url: string, payload: unknown, token: string) => call(t.app, 'PUT', url, { payload, token })
const patch = (url: string, payload: unknown, token: string) => call(t.app, 'PATCH', url, { payload, token })

function accepted(res: Reply) {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300)
  return res
}

let n = 0
/** Something unique for a case, so its row can be found (a letter run: names may not hold digits). */
const unique = () => `Case${'abcdefghijklmnopqrstuvwxyz'[n % 26]}${'abcdefghijklmnopqrstuvwxyz'[Math.floor(n++ / 26) % 26]}`

type Case = { field: string; lines?: boolean; run: (value: string) => Promise<string> }

const cases: Case[] = [
  ...(['firstName', 'lastName'] as const).map((field) => ({
    field: `sign-up ${field}`,
    run: async (value: string) => {
      const body = signupBody({ [field]: value })
      accepted(await post(t.app, API.register, body))
      const [row] = await db().select().from(users).where(eq(users.email, body.email))
      return row[field]
    },
  })),
  ...(['firstName', 'lastName'] as const).map((field) => ({
    field: `profile ${field} (shown on the leaderboard)`,
    run: async (value: string) => {
      const m = await memberOf(t.app, db())
      accepted(await post(t.app, API.personalInfo, { firstName: 'Kofi', lastName: 'Mensah', [field]: value }, m.token))
      const [row] = await db().select().from(users).where(eq(users.id, m.user.id))
      return row[field]
    },
  })),
  ...(['country', 'state', 'city', 'street', 'house_number', 'postal_code'] as const).map((field) => ({
    field: `address ${field}`,
    run: async (value: string) => {
      const m = await memberOf(t.app, db())
      const address = {
        country: 'Nigeria',
        state: 'Lagos',
        city: 'Ikeja',
        street: 'Allen Avenue',
        house_number: '12',
        postal_code: '100271',
      }
      accepted(await post(t.app, API.address, { ...address, [field]: value }, m.token))
      const [row] = await db().select().from(userAddresses).where(eq(userAddresses.userId, m.user.id))
      const column = { house_number: 'houseNumber', postal_code: 'postalCode' }[field as string] ?? field
      return row[column as keyof typeof row] as string
    },
  })),
  ...(
    [
      ['name', false],
      ['ethnic', false],
      ['language', false],
      ['suggestedCategory', false],
      ['suggestedProverb', false],
      ['suggestedEnglishTransliteration', false],
      ['suggestedEnglishInterpretation', true],
    ] as const
  ).map(([field, lines]) => ({
    field: `suggestion ${field}`,
    lines,
    run: async (value: string) => {
      const email = `${unique().toLowerCase()}@example.com`
      const body = {
        email,
        name: 'Ada',
        ethnic: 'Yoruba',
        language: 'Yoruba',
        suggestedCategory: 'Wisdom',
        suggestedProverb: 'Ìwà l’ẹ̀sìn',
        suggestedEnglishTransliteration: 'Character is religion',
        suggestedEnglishInterpretation: 'Good character is what faith asks of us.',
        [field]: value,
      }
      accepted(await post(t.app, API.suggestProverb, body))
      const [row] = await db().select().from(suggestions).where(eq(suggestions.email, email))
      return row[field]
    },
  })),
  ...(
    [
      ['firstName', false],
      ['surname', false],
      ['message', true],
    ] as const
  ).map(([field, lines]) => ({
    field: `contact ${field}`,
    lines,
    run: async (value: string) => {
      const email = `${unique().toLowerCase()}@example.com`
      accepted(
        await post(t.app, API.contact, {
          email,
          firstName: 'Kofi',
          surname: 'Mensah',
          phoneNumber: '+233201234567',
          message: 'Hello',
          [field]: value,
        }),
      )
      const [row] = await db().select().from(contactMessages).where(eq(contactMessages.email, email))
      return row[field]
    },
  })),
  ...(
    [
      ['proverb', false],
      ['transliteration', false],
      ['interpretation', true],
    ] as const
  ).map(([field, lines]) => ({
    field: `admin's proverb ${field}`,
    lines,
    run: async (value: string) => {
      const marker = unique()
      const input = {
        proverb: `Haba na haba ${marker}`,
        transliteration: 'Little by little',
        interpretation: 'Small steps add up.',
        ethnicGroupId: groups.kiswahili.id,
        categoryIds: [categoryIds.Patience],
        [field]: `${marker} ${value}`,
      }
      const res = accepted(await post(t.app, ADMIN_API.proverbs, input, admin.token))
      const [row] = await db().select().from(proverbs).where(eq(proverbs.id, res.body.data.id))
      return row[field].replace(`${marker} `, '')
    },
  })),
  {
    field: 'category name',
    run: async (value) => {
      const res = accepted(await post(t.app, ADMIN_API.categories, { name: `${unique()} ${value}` }, admin.token))
      const [row] = await db().select().from(categories).where(eq(categories.id, res.body.data.id))
      return row.name.replace(/^Case\w+ /, '')
    },
  },
  ...(
    [
      ['question', false],
      ['answer', true],
    ] as const
  ).map(([field, lines]) => ({
    field: `FAQ ${field}`,
    lines,
    run: async (value: string) => {
      const res = accepted(
        await post(t.app, ADMIN_API.faqs, { question: `Why ${unique()}?`, answer: 'Because.', [field]: `${value}` }, admin.token),
      )
      const [row] = await db().select().from(faqs).where(eq(faqs.id, res.body.data.id))
      return row[field]
    },
  })),
  {
    field: 'reason a suggestion is turned down',
    lines: true,
    run: async (value) => {
      const email = `${unique().toLowerCase()}@example.com`
      accepted(
        await post(t.app, API.suggestProverb, {
          email,
          name: 'Ada',
          ethnic: 'Igbo',
          language: 'Igbo',
          suggestedCategory: 'Wisdom',
          suggestedProverb: 'Onye wetara oji wetara ndụ',
          suggestedEnglishTransliteration: 'Who brings kola brings life',
          suggestedEnglishInterpretation: 'Hospitality is a blessing.',
        }),
      )
      const [pending] = await db().select().from(suggestions).where(eq(suggestions.email, email))
      accepted(await post(t.app, ADMIN_API.rejectSuggestion(pending.id), { reason: value }, admin.token))
      const [row] = await db().select().from(suggestions).where(eq(suggestions.id, pending.id))
      return row.rejectReason ?? ''
    },
  },
  ...(
    [
      ['question', false],
      ['note', true],
    ] as const
  ).map(([field, lines]) => ({
    field: `quiz ${field}`,
    lines,
    run: async (value: string) => {
      const input = {
        ethnicGroupId: null,
        question: `Which ${unique()}?`,
        options: ['One', 'Two'],
        correct: 0,
        note: 'Because.',
        [field]: value,
      }
      const res = accepted(await post(t.app, ADMIN_API.quizQuestions, input, admin.token))
      const [row] = await db().select().from(quizQuestions).where(eq(quizQuestions.id, res.body.data.id))
      return row[field]
    },
  })),
  {
    field: 'quiz option',
    run: async (value) => {
      const res = accepted(
        await post(
          t.app,
          ADMIN_API.quizQuestions,
          { ethnicGroupId: null, question: `Which ${unique()}?`, options: [value, 'Two'], correct: 1, note: '' },
          admin.token,
        ),
      )
      const [row] = await db()
        .select()
        .from(answerOptions)
        .where(eq(answerOptions.questionId, res.body.data.id))
        .orderBy(answerOptions.position)
      return row.text
    },
  },
  {
    field: 'advert alt text',
    run: async (value) => {
      const [advert] = await db().select({ id: adverts.id }).from(adverts).limit(1)
      accepted(await patch(ADMIN_API.advert(advert.id), { alt: value }, admin.token))
      const [row] = await db().select().from(adverts).where(eq(adverts.id, advert.id))
      return row.alt
    },
  },
  ...(
    [
      ['title', false],
      ['body', true],
    ] as const
  ).map(([field, lines]) => ({
    field: `broadcast ${field}`,
    lines,
    run: async (value: string) => {
      accepted(await post(t.app, ADMIN_API.broadcast, { title: `News ${unique()}`, body: 'Hello all', [field]: value }, admin.token))
      const [row] = await db()
        .select()
        .from(notifications)
        .where(eq(notifications.userId, admin.user.id))
        .orderBy(desc(notifications.id))
        .limit(1)
      return row[field]
    },
  })),
]

for (const { field, lines, run } of cases) {
  test(`${field}: stored without markup, overrides or stray white space, in NFC`, async () => {
    expect(await run(lines ? LINES_IN : ONE_LINE_IN)).toBe(lines ? LINES_OUT : ONE_LINE_OUT)
  })
}

test('an edited proverb, FAQ and category are cleaned as a new one is', async () => {
  const created = accepted(
    await post(
      t.app,
      ADMIN_API.proverbs,
      {
        proverb: 'Pole pole ndio mwendo',
        transliteration: 'Slowly slowly is the way',
        interpretation: 'Patience wins.',
        ethnicGroupId: groups.kiswahili.id,
        categoryIds: [categoryIds.Patience],
      },
      admin.token,
    ),
  )
  const edited = accepted(
    await put(
      `${ADMIN_API.proverbs}/${created.body.data.id}`,
      {
        proverb: 'Pole pole ndio mwendo <img src=x onerror=alert(1)',
        transliteration: 'Slowly slowly is the way',
        interpretation: LINES_IN,
        ethnicGroupId: groups.kiswahili.id,
        categoryIds: [categoryIds.Patience],
      },
      admin.token,
    ),
  )
  const [row] = await db().select().from(proverbs).where(eq(proverbs.id, edited.body.data.id))
  expect([row.proverb, row.interpretation]).toEqual(['Pole pole ndio mwendo', LINES_OUT])
})

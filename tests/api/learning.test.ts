import { randomUUID } from 'node:crypto'
import { and, asc, count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { API } from '../../src/core/http/api-paths'
import { LEARNING_API_TEXTS as T } from '../../src/core/learning/api-texts'
import {
  CALENDAR_DAYS,
  LEARNING_BATCH_MAX,
  LEARNING_BATCH_SIZE,
  LEARNING_CLOCK_AHEAD,
  LEARNING_PAGE_SIZE,
  type Grade,
  type LearningEntry,
  type StoredLearningEntry,
} from '../../src/core/learning/contract'
import { dayAtOffset, shiftDay } from '../../src/core/learning/days'
import { dueCards, inOrder, replayDeck } from '../../src/core/learning/schedule'
import type { Proverb } from '../../src/core/proverbs/contract'
import { learningCards, learningEntries, notifications, proverbs, users } from '../../server/src/db/schema'
import { reminderBody, sendDailyReminders } from '../../server/src/features/notifications/reminders'
import { BODY_LIMITS } from '../../server/src/http/body-limits'
import { createNotifier } from '../../server/src/services/notify'
import { call, get, HOUR, memberOf, MINUTE, post, testClock } from '../support/accounts'
import { recordingPush } from '../support/recording-push'
import { createTestApp } from '../support/test-app'

/**
 * Learning (docs/requirements.md#r18-learning, ADR 019): the reader's append-only log, kept each entry once
 * and pulled back in order of arrival; the streak in the reader's own days; the deck worked out the same on
 * every device; the daily reminder's words. One app on a fresh database, its clock moved by hand.
 */

const RATE_LIMIT = 40
const clock = testClock('2026-12-01T10:00:00Z')
let ctx: Awaited<ReturnType<typeof createTestApp>>
let proverbIds: number[]
beforeAll(async () => {
  ctx = await createTestApp({ OWE_LEARNING_RATE_LIMIT: String(RATE_LIMIT) }, clock.now)
  const rows = await ctx.database.db.select({ id: proverbs.id }).from(proverbs).orderBy(asc(proverbs.id)).limit(60)
  proverbIds = rows.map((row) => row.id)
})
afterAll(() => ctx.close())

type Reader = Awaited<ReturnType<typeof memberOf>>
/** A reader whose account was made at `madeAt` (by default long before any day these tests send entries for). */
async function reader(madeAt = new Date('2026-01-01T00:00:00Z')) {
  const r = await memberOf(ctx.app, ctx.database.db)
  await ctx.database.db.update(users).set({ createdAt: madeAt }).where(eq(users.id, r.user.id))
  return r
}
const LAGOS = 60

type Made = { at?: Date | string; offset?: number; id?: string }
/** An entry as a device makes it: its time (now by default) and the local day at its offset (Lagos by default). */
function made<E extends Omit<LearningEntry, 'id' | 'at' | 'day' | 'offset'>>(
  fields: E,
  { at = clock.now(), offset = LAGOS, id }: Made = {},
) {
  const iso = typeof at === 'string' ? at : at.toISOString()
  return { id: id ?? randomUUID(), ...fields, at: iso, day: dayAtOffset(iso, offset), offset } as E & LearningEntry
}
const read = (proverbId: number, options?: Made) => made({ kind: 'read' as const, proverbId }, options)
const add = (proverbId: number, options?: Made) => made({ kind: 'add' as const, proverbId }, options)
const remove = (proverbId: number, options?: Made) => made({ kind: 'remove' as const, proverbId }, options)
const review = (proverbId: number, grade: Grade, options?: Made) => made({ kind: 'review' as const, proverbId, grade }, options)
const quiz = (batchId: number, options?: Made) => made({ kind: 'quiz' as const, batchId }, options)

const send = (r: Reader, body: unknown) => post(ctx.app, API.learningLog, body, r.token)
const logAfter = (r: Reader, after?: number | string) =>
  get(ctx.app, after === undefined ? API.learningLog : `${API.learningLog}?after=${after}`, r.token)
const summary = (r: Reader, today?: string) => get(ctx.app, today ? `${API.learningSummary}?today=${today}` : API.learningSummary, r.token)

/** What a device does on a fresh start: pull every page of the log, following the cursor. */
async function pullAll(r: Reader, after = 0): Promise<{ entries: StoredLearningEntry[]; cursor: number; pages: number }> {
  const entries: StoredLearningEntry[] = []
  let cursor = after
  let pages = 0
  for (;;) {
    const page = await logAfter(r, cursor)
    expect(page.status).toBe(200)
    pages++
    entries.push(...page.body.data.entries)
    cursor = page.body.data.cursor
    if (!page.body.data.more) return { entries, cursor, pages }
  }
}
const withoutSeq = (entries: StoredLearningEntry[]) => entries.map(({ seq: _seq, ...entry }) => entry)

const storedCount = async (r: Reader) =>
  (await ctx.database.db.select({ n: count() }).from(learningEntries).where(eq(learningEntries.userId, r.user.id)))[0].n

/** The server's kept cards are what replaying these entries makes, field by field (FSRS's state with them). */
async function expectKeptCards(r: Reader, entries: LearningEntry[]) {
  const cards = await ctx.database.db.select().from(learningCards).where(eq(learningCards.userId, r.user.id))
  expect(new Map(cards.map((card) => [card.proverbId, [card.inDeck, card.due.toISOString(), card.card]]))).toEqual(
    new Map([...replayDeck(entries).values()].map((card) => [card.proverbId, [card.inDeck, card.due, JSON.parse(JSON.stringify(card))]])),
  )
}

async function quizOf(r: Reader): Promise<number> {
  const properties = await get(ctx.app, API.questionProperties, r.token)
  const made = await post(ctx.app, API.quizGenerate(r.user.id, properties.body.data[0].id), undefined, r.token)
  expect(made.status).toBe(201)
  return made.body.data.batchId
}

describe('the log', () => {
  test('keeps each entry once, in order of arrival; a batch sent again changes nothing', async () => {
    clock.set('2026-12-01T10:00:00Z')
    const r = await reader()
    const batchId = await quizOf(r)
    const [p1, p2] = proverbIds
    const entries = [
      read(p1, { at: '2026-12-01T09:00:00.000Z' }),
      add(p2, { at: '2026-12-01T09:01:00.000Z' }),
      review(p2, 3, { at: '2026-12-01T09:02:00.000Z' }),
      quiz(batchId, { at: '2026-12-01T09:30:00.000Z' }),
      remove(p2, { at: '2026-12-01T09:40:00.000Z' }),
    ]
    const first = await send(r, { entries })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ data: { accepted: 5, duplicates: 0, refused: [] } })

    const log = await logAfter(r)
    expect(log.status).toBe(200)
    const { entries: pulled, cursor, more } = log.body.data
    expect(withoutSeq(pulled)).toEqual(entries)
    expect(pulled.map((e: StoredLearningEntry) => e.seq)).toEqual([...pulled.map((e: StoredLearningEntry) => e.seq)].sort((a, b) => a - b))
    expect(cursor).toBe(pulled.at(-1).seq)
    expect(more).toBe(false)

    const again = await send(r, { entries })
    expect(again.body).toEqual({ data: { accepted: 0, duplicates: 5, refused: [] } })
    expect((await logAfter(r)).body.data).toEqual(log.body.data)
    // Nothing after the cursor: the cursor stays.
    expect((await logAfter(r, cursor)).body.data).toEqual({ entries: [], cursor, more: false })
  })

  test('an entry twice in one batch, and a second read of a proverb on the same local day, are duplicates', async () => {
    clock.set('2026-12-02T21:00:00Z')
    const r = await reader()
    const [p1, p2] = proverbIds
    const once = add(p2)
    const morning = read(p1, { at: '2026-12-02T07:00:00.000Z' })
    const evening = read(p1, { at: '2026-12-02T20:00:00.000Z' })
    const reply = await send(r, { entries: [once, once, morning, evening] })
    expect(reply.body).toEqual({ data: { accepted: 2, duplicates: 2, refused: [] } })
    // Later, from another device: the same proverb read that day again, and the next day (in Lagos).
    const lateNight = read(p1, { at: '2026-12-02T22:59:00.000Z' })
    const nextDay = read(p1, { at: '2026-12-02T23:00:00.000Z' })
    expect(nextDay.day).toBe('2026-12-03')
    clock.set('2026-12-03T08:00:00Z')
    expect((await send(r, { entries: [lateNight, nextDay] })).body).toEqual({ data: { accepted: 1, duplicates: 1, refused: [] } })
    expect(withoutSeq((await logAfter(r)).body.data.entries)).toEqual([once, morning, nextDay])
  })

  test('pages hold LEARNING_PAGE_SIZE entries and the cursor leads through them', async () => {
    clock.set('2026-12-04T12:00:00Z')
    const r = await reader()
    const start = clock.now().getTime() - 30 * 24 * HOUR
    const entries = Array.from({ length: LEARNING_PAGE_SIZE + 150 }, (_, i) =>
      review(proverbIds[i % 40], (1 + (i % 4)) as Grade, { at: new Date(start + i * 30 * MINUTE) }),
    )
    for (let i = 0; i < entries.length; i += LEARNING_BATCH_MAX) {
      expect((await send(r, { entries: entries.slice(i, i + LEARNING_BATCH_MAX) })).body.data.accepted).toBe(
        Math.min(LEARNING_BATCH_MAX, entries.length - i),
      )
    }
    const first = (await logAfter(r)).body.data
    expect(first.entries).toHaveLength(LEARNING_PAGE_SIZE)
    expect(first.more).toBe(true)
    expect(first.cursor).toBe(first.entries.at(-1).seq)
    const second = (await logAfter(r, first.cursor)).body.data
    expect(second.entries).toHaveLength(150)
    expect(second.more).toBe(false)
    expect(withoutSeq([...first.entries, ...second.entries])).toEqual(entries)
    // Sent in the order they happened, each batch continued the cards the one before left.
    await expectKeptCards(r, entries)
  })

  test('batches sent at once by two devices are each kept once, and every pull sees the log without a gap', async () => {
    clock.set('2026-12-04T18:00:00Z')
    const r = await reader()
    const start = clock.now().getTime() - 3 * 24 * HOUR
    const entries = Array.from({ length: 3 * LEARNING_BATCH_SIZE }, (_, i) =>
      review(proverbIds[i % 20], (1 + (i % 4)) as Grade, { at: new Date(start + i * 10 * MINUTE) }),
    )
    const slices = (list: LearningEntry[]) => [0, 1, 2].map((i) => list.slice(i * LEARNING_BATCH_SIZE, (i + 1) * LEARNING_BATCH_SIZE))
    const shuffled = [...entries].sort((a, b) => (a.id < b.id ? -1 : 1))
    const [sent, pulls] = await Promise.all([
      Promise.all([...slices(entries), ...slices(shuffled)].map((batch) => send(r, { entries: batch }))),
      Promise.all(Array.from({ length: 6 }, () => logAfter(r))),
    ])
    expect(sent.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(sent.reduce((sum, reply) => sum + reply.body.data.accepted, 0)).toBe(entries.length)
    expect(sent.reduce((sum, reply) => sum + reply.body.data.duplicates, 0)).toBe(entries.length)
    const log = (await pullAll(r)).entries
    expect(new Set(log.map((entry) => entry.id))).toEqual(new Set(entries.map((entry) => entry.id)))
    // A pull made while batches were being stored holds the start of the log, never a later entry without an earlier one.
    for (const pull of pulls) expect(pull.body.data.entries).toEqual(log.slice(0, pull.body.data.entries.length))
  })

  test("another reader's log is never visible, and a reader's summary counts only their own", async () => {
    clock.set('2026-12-05T12:00:00Z')
    const a = await reader()
    const b = await reader()
    await send(a, { entries: [read(proverbIds[0]), add(proverbIds[1])] })
    await send(b, { entries: [read(proverbIds[2])] })
    const seen = (await pullAll(b)).entries
    expect(seen.map((entry) => entry.kind)).toEqual(['read'])
    expect(seen[0]).toMatchObject({ proverbId: proverbIds[2] })
    // A's cursor means nothing in B's log: only B's own entries after it, whatever it is.
    expect((await logAfter(b, 0)).body.data.entries).toHaveLength(1)
    expect((await summary(b, '2026-12-05')).body.data).toMatchObject({ deck: 0, due: 0, streak: { current: 1 } })
    expect((await summary(a, '2026-12-05')).body.data).toMatchObject({ deck: 1, due: 1 })
  })

  test('without a session every call is 401 and nothing is stored', async () => {
    const before = (await ctx.database.db.select({ n: count() }).from(learningEntries))[0].n
    for (const [method, url] of [
      ['POST', API.learningLog],
      ['GET', API.learningLog],
      ['GET', API.learningSummary],
    ] as const) {
      for (const token of [undefined, 'not-a-session']) {
        const reply = await call(ctx.app, method, url, {
          token,
          payload: method === 'POST' ? { entries: [read(proverbIds[0])] } : undefined,
        })
        expect(reply.status, `${method} ${url}`).toBe(401)
        expect(reply.body.error.message).toEqual(expect.any(String))
      }
    }
    expect((await ctx.database.db.select({ n: count() }).from(learningEntries))[0].n).toBe(before)
  })
})

describe('what is refused', () => {
  test('entries the server will never take are refused one by one, with why; the rest of the batch is stored', async () => {
    clock.set('2026-12-06T12:00:00Z')
    const r = await reader()
    const other = await reader()
    const mine = await quizOf(r)
    const theirs = await quizOf(other)
    const [p1, p2] = proverbIds
    const theirEntry = read(p1)
    expect((await send(other, { entries: [theirEntry] })).body.data.accepted).toBe(1)

    const good = [read(p1), quiz(mine), add(p2)]
    const noProverb = add(2_147_483_647)
    const notMyQuiz = quiz(theirs)
    const noQuiz = quiz(2_000_000_000)
    const wrongDay = { ...review(p2, 3), day: '2026-12-05' }
    const tooFar = { ...read(p2), offset: 900, day: dayAtOffset(clock.now().toISOString(), 900) }
    const takenId = review(p1, 4, { id: theirEntry.id })
    const reply = await send(r, { entries: [good[0], noProverb, notMyQuiz, good[1], noQuiz, wrongDay, tooFar, takenId, good[2]] })
    expect(reply.status).toBe(200)
    expect(reply.body.data).toEqual({
      accepted: 3,
      duplicates: 0,
      refused: [
        { id: noProverb.id, message: 'There is no published proverb 2147483647.' },
        { id: notMyQuiz.id, message: `You have no quiz ${theirs}.` },
        { id: noQuiz.id, message: 'You have no quiz 2000000000.' },
        { id: wrongDay.id, message: `2026-12-05 is not the calendar day of ${wrongDay.at} at 60 minutes from UTC.` },
        { id: tooFar.id, message: 'An offset of 900 minutes is further from UTC than any time zone (14 hours).' },
        { id: takenId.id, message: T.idTaken },
      ],
    })
    expect(withoutSeq((await pullAll(r)).entries)).toEqual(good)
    // The other reader's entry is as it was, and theirs alone.
    expect(withoutSeq((await pullAll(other)).entries)).toEqual([theirEntry])
    const [row] = await ctx.database.db.select().from(learningEntries).where(eq(learningEntries.id, theirEntry.id))
    expect(row).toMatchObject({ userId: other.user.id, kind: 'read', proverbId: p1 })
    // Sent again, a refused entry is refused again: it never becomes a duplicate.
    expect((await send(r, { entries: [noProverb, takenId] })).body.data).toMatchObject({ accepted: 0, duplicates: 0 })
  })

  test('a malformed batch is a 400 with a message, and nothing of it is stored', async () => {
    clock.set('2026-12-07T12:00:00Z')
    const r = await reader()
    const good = () => read(proverbIds[0])
    const withBad = (bad: Record<string, unknown> | string | number) => () => ({
      entries: [good(), typeof bad === 'object' ? { ...review(proverbIds[1], 3), ...bad } : bad],
    })
    const without = (field: string) => () => {
      const entry: Record<string, unknown> = review(proverbIds[1], 3)
      delete entry[field]
      return { entries: [good(), entry] }
    }
    const cases: [string, () => unknown, string][] = [
      ['a list instead of an object', () => [good()], 'Send a JSON object.'],
      ['no entries', () => ({}), T.batch],
      ['entries that are not a list', () => ({ entries: good() }), T.batch],
      ['a field beside the entries', () => ({ entries: [good()], device: 'phone' }), T.batch],
      ['an empty batch', () => ({ entries: [] }), T.batchEmpty],
      [
        `more than ${LEARNING_BATCH_MAX} entries`,
        () => ({ entries: Array.from({ length: LEARNING_BATCH_MAX + 1 }, good) }),
        T.batchTooLarge,
      ],
      ['an entry that is not an object', withBad('read'), T.entry('entries[1]')],
      ['an entry that is a number', withBad(7), T.entry('entries[1]')],
      ['an unknown kind', withBad({ kind: 'skip' }), T.kind('entries[1].kind')],
      ['an unknown field', withBad({ device: 'phone' }), T.unknownField('entries[1]', 'device')],
      ['an id that is not a UUID', withBad({ id: 'entry-1' }), T.id('entries[1].id')],
      ['an id in capitals', withBad({ id: randomUUID().toUpperCase() }), T.id('entries[1].id')],
      ['no id', without('id'), T.id('entries[1].id')],
      ['a time with an offset instead of Z', withBad({ at: '2026-12-07T13:00:00.000+01:00' }), T.at('entries[1].at')],
      ['a time without milliseconds', withBad({ at: '2026-12-07T12:00:00Z' }), T.at('entries[1].at')],
      ['a time that is a number', withBad({ at: Date.parse('2026-12-07T12:00:00Z') }), T.at('entries[1].at')],
      ['a time on a day that does not exist', withBad({ at: '2026-02-30T12:00:00.000Z', day: '2026-02-30' }), T.at('entries[1].at')],
      ['a day that does not exist', withBad({ day: '2026-02-30' }), T.day('entries[1].day')],
      ['a day with the time in it', withBad({ day: '2026-12-07T12:00' }), T.day('entries[1].day')],
      ['an offset as text', withBad({ offset: '60' }), T.offset('entries[1].offset')],
      ['an offset with a fraction', withBad({ offset: 60.5 }), T.offset('entries[1].offset')],
      ['no offset', without('offset'), T.offset('entries[1].offset')],
      ['a proverb id as text', withBad({ proverbId: String(proverbIds[1]) }), T.proverbId('entries[1].proverbId')],
      ['a proverb id of 0', withBad({ proverbId: 0 }), T.proverbId('entries[1].proverbId')],
      ['a proverb id past the largest', withBad({ proverbId: 2_147_483_648 }), T.proverbId('entries[1].proverbId')],
      ['a grade of 5', withBad({ grade: 5 }), T.grade('entries[1].grade')],
      ['a grade as text', withBad({ grade: 'Good' }), T.grade('entries[1].grade')],
      ['a review without its grade', without('grade'), T.needs('entries[1]', 'review', 'grade')],
      ['a review without its proverb', without('proverbId'), T.needs('entries[1]', 'review', 'proverbId')],
      ['a read with a grade', withBad({ kind: 'read' }), T.notOfKind('entries[1]', 'read', 'grade')],
      [
        'a quiz without its batch',
        withBad({ kind: 'quiz', proverbId: undefined, grade: undefined }),
        T.needs('entries[1]', 'quiz', 'batchId'),
      ],
      ['a quiz naming a proverb', withBad({ kind: 'quiz', batchId: 1, grade: undefined }), T.notOfKind('entries[1]', 'quiz', 'proverbId')],
      ['control characters', withBad({ day: '2026-12-07\u0000' }), '"entries" contains control characters.'],
    ]
    for (const [name, body, message] of cases) {
      const reply = await send(r, body())
      expect(reply.status, name).toBe(400)
      expect(reply.body.error.message, name).toBe(message)
    }
    // JSON that is not JSON, and a body past the limit.
    const broken = await call(ctx.app, 'POST', API.learningLog, {
      token: r.token,
      payload: '{"entries": [',
      headers: { 'content-type': 'application/json' },
    })
    expect(broken.status).toBe(400)
    expect(broken.body.error.message).toBe('The body is not valid JSON.')
    const huge = await call(ctx.app, 'POST', API.learningLog, {
      token: r.token,
      payload: JSON.stringify({ entries: [good()], pad: 'x'.repeat(BODY_LIMITS.learning) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(huge.status).toBe(413)
    expect(await storedCount(r)).toBe(0)
  })

  test('a batch as large as the contract allows, each entry at its longest, fits under the body limit', async () => {
    clock.set('2026-12-07T13:00:00Z')
    const r = await reader()
    const entries = Array.from({ length: LEARNING_BATCH_MAX }, (_, i) =>
      review(2_147_483_647, 4, { at: new Date(clock.now().getTime() - i * MINUTE), offset: -720 }),
    )
    const reply = await send(r, { entries })
    expect(JSON.stringify({ entries }).length).toBeLessThan(BODY_LIMITS.learning)
    expect(reply.status).toBe(200)
    expect(reply.body.data.refused).toHaveLength(LEARNING_BATCH_MAX)
  })

  test('an entry dated more than five minutes ahead of the server makes the whole batch a 400, coded early and dated by the server; five minutes is fine', async () => {
    clock.set('2026-12-08T12:00:00Z')
    const r = await reader()
    const ahead = read(proverbIds[1], { at: new Date(clock.now().getTime() + 5 * MINUTE + 1) })
    const reply = await send(r, { entries: [read(proverbIds[0]), ahead] })
    expect(reply.status).toBe(400)
    // The device keeps an early entry and sends it when the server's clock, as this answer gives it, has caught up.
    expect(reply.body.error.code).toBe(LEARNING_CLOCK_AHEAD)
    expect(reply.headers.date).toBe('Tue, 08 Dec 2026 12:00:00 GMT')
    expect(reply.body.error.message).toBe(
      `Entry ${ahead.id} is dated more than 5 minutes after the server's clock, so the batch was not stored. Check the device's date and time.`,
    )
    expect(await storedCount(r)).toBe(0)
    const justAhead = read(proverbIds[1], { at: new Date(clock.now().getTime() + 5 * MINUTE) })
    expect((await send(r, { entries: [justAhead] })).body.data.accepted).toBe(1)
  })

  test('an entry dated more than a day before the account was made makes the whole batch a 400: no streak is made up in one call', async () => {
    clock.set('2026-12-08T12:00:00Z')
    const r = await reader(clock.now())
    const dayBefore = new Date(clock.now().getTime() - 24 * HOUR)
    // A streak of 121 days, all before the account: the audit's call.
    const madeUp = Array.from({ length: 121 }, (_, i) =>
      read(proverbIds[i % 50], { at: new Date(dayBefore.getTime() - (120 - i) * 24 * HOUR - MINUTE) }),
    )
    const yearOne = read(proverbIds[0], { at: '0001-01-01T00:00:00.000Z', offset: 0 })
    const justBefore = read(proverbIds[1], { at: new Date(dayBefore.getTime() - 1) })
    for (const [earliest, batch] of [
      [madeUp[0], madeUp],
      [yearOne, [read(proverbIds[2]), yearOne]],
      [justBefore, [justBefore]],
    ] as const) {
      const reply = await send(r, { entries: batch })
      expect(reply.status).toBe(400)
      expect(reply.body.error).toEqual({
        code: 'bad_request',
        message: `Entry ${earliest.id} is dated more than 24 hours before this account was made, so the batch was not stored. Check the device's date and time.`,
        fields: { entries: T.beforeAccount(earliest.id) },
      })
    }
    expect(await storedCount(r)).toBe(0)
    expect((await summary(r, '2026-12-08')).body.data.streak).toMatchObject({ current: 0, best: 0 })
    // A day before is fine: the reader's evening in another zone, or a device that made the entry as the account was made.
    expect((await send(r, { entries: [read(proverbIds[1], { at: dayBefore })] })).body.data.accepted).toBe(1)
  })

  test('a bad cursor or day in the query is a 400 with a message', async () => {
    clock.set('2026-12-08T12:00:00Z')
    const r = await reader()
    for (const after of ['abc', '-1', '1.5', '1e3', '9'.repeat(16), '0x10'])
      expect((await logAfter(r, after)).body.error?.message, after).toBe(T.after)
    const twice = await get(ctx.app, `${API.learningLog}?after=1&after=2`, r.token)
    expect(twice.status).toBe(400)
    expect(twice.body.error.message).toBe('"after" must be given once.')
    for (const today of ['2026-12-32', '08-12-2026', 'today', '2026-12-8'])
      expect((await summary(r, today)).body.error?.message, today).toBe(T.today)
    // At 12:00 UTC it is the 7th in the furthest west (-14:00 at most) and the 9th in the furthest east (+14:00):
    // those days, and a day either side of them, are taken; further is not.
    for (const today of ['2026-12-06', '2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10'])
      expect((await summary(r, today)).status, today).toBe(200)
    for (const today of ['2026-12-05', '2026-12-11', '2025-12-08']) {
      const reply = await summary(r, today)
      expect(reply.status, today).toBe(400)
      expect(reply.body.error.message).toBe(T.todayFar)
    }
  })

  test('past the per-reader limit a call is a 429 with Retry-After; other readers are not held back', async () => {
    clock.set('2026-12-09T12:00:00Z')
    const r = await reader()
    for (let i = 0; i < RATE_LIMIT; i++) expect((await logAfter(r)).status).toBe(200)
    const refused = await send(r, { entries: [read(proverbIds[0])] })
    expect(refused.status).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(await storedCount(r)).toBe(0)
    expect((await logAfter(await reader())).status).toBe(200)
    clock.advance(MINUTE)
    expect((await send(r, { entries: [read(proverbIds[0])] })).body.data.accepted).toBe(1)
  })
})

describe('the deck, the same on every device', () => {
  test('entries arriving out of order give the schedule they would in order', async () => {
    clock.set('2026-12-10T12:00:00Z')
    const r = await reader()
    const [p1, p2] = proverbIds
    const t = (minutes: number) => ({ at: new Date(Date.parse('2026-12-09T08:00:00Z') + minutes * MINUTE) })
    const entries = [add(p1, t(0)), add(p2, t(1)), review(p1, 3, t(2)), review(p2, 1, t(3)), review(p1, 3, t(20)), review(p2, 3, t(30))]
    // The device sends the later reviews first (an earlier outbox was stuck), the adds last.
    for (const batch of [[entries[4], entries[5]], [entries[2]], [entries[3], entries[1], entries[0]]])
      expect((await send(r, { entries: batch })).body.data.accepted).toBe(batch.length)
    const pulled = withoutSeq((await pullAll(r)).entries)
    expect(inOrder(pulled)).toEqual(entries)
    expect(replayDeck(pulled)).toEqual(replayDeck(entries))
    const due = dueCards(replayDeck(entries).values(), clock.now())
    expect((await summary(r, '2026-12-10')).body.data).toMatchObject({ deck: 2, due: due.length })
  })

  test('two devices of one reader, offline at different times, converge on one log and one schedule', async () => {
    clock.set('2026-12-20T18:00:00Z')
    const r = await reader()
    const deck = proverbIds.slice(0, 30)
    const start = Date.parse('2026-11-25T07:00:00Z')
    // The phone (in Lagos) and the laptop (in Toronto) each add the cards and review them over 25 days,
    // the phone offline most of the time; some cards are reviewed on both, one is taken out and put back.
    const phone: LearningEntry[] = deck.map((p, i) => add(p, { at: new Date(start + i * 1000) }))
    const laptop: LearningEntry[] = [read(deck[0], { at: new Date(start + HOUR), offset: -300 })]
    for (let i = 0; i < 700; i++) {
      const at = new Date(start + 2 * HOUR + i * 50 * MINUTE)
      phone.push(review(deck[i % deck.length], (((i * 7) % 4) + 1) as Grade, { at }))
    }
    for (let i = 0; i < 500; i++) {
      const at = new Date(start + 2 * HOUR + 25 * MINUTE + i * 70 * MINUTE)
      laptop.push(review(deck[(i * 3) % deck.length], (((i * 5) % 4) + 1) as Grade, { at, offset: -300 }))
    }
    laptop.push(remove(deck[5], { at: new Date(start + 100 * HOUR), offset: -300 }))
    phone.push(add(deck[5], { at: new Date(start + 200 * HOUR) }))
    const all = [...phone, ...laptop]
    expect(all.length).toBeGreaterThan(LEARNING_PAGE_SIZE)

    // The laptop syncs as it goes; the phone sends everything at the end, in the app's batches, newest first.
    const batches = (entries: LearningEntry[]) =>
      Array.from({ length: Math.ceil(entries.length / LEARNING_BATCH_SIZE) }, (_, i) =>
        entries.slice(i * LEARNING_BATCH_SIZE, (i + 1) * LEARNING_BATCH_SIZE),
      )
    for (const batch of batches(laptop.slice(0, 300))) await send(r, { entries: batch })
    const laptopEarly = await pullAll(r)
    for (const batch of batches(phone).reverse()) expect((await send(r, { entries: batch })).body.data.refused).toEqual([])
    for (const batch of batches(laptop.slice(300))) await send(r, { entries: batch })
    // The phone sends its first batch again (its answer was lost on the way back): nothing changes.
    expect((await send(r, { entries: batches(phone)[0] })).body.data).toEqual({ accepted: 0, duplicates: LEARNING_BATCH_SIZE, refused: [] })

    // The phone pulls the whole log; the laptop only what came after its cursor.
    const onPhone = await pullAll(r)
    expect(onPhone.pages).toBe(Math.ceil(all.length / LEARNING_PAGE_SIZE))
    const laptopLater = await pullAll(r, laptopEarly.cursor)
    const onLaptop = [...laptopEarly.entries, ...laptopLater.entries]
    expect(onLaptop).toEqual(onPhone.entries)
    expect(new Set(onPhone.entries.map((entry) => entry.id))).toEqual(new Set(all.map((entry) => entry.id)))

    const truth = replayDeck(all)
    expect(replayDeck(withoutSeq(onPhone.entries))).toEqual(truth)
    expect(replayDeck(withoutSeq(onLaptop))).toEqual(truth)
    const due = dueCards(truth.values(), clock.now())
    expect(due.length).toBeGreaterThan(0)
    const { data } = (await summary(r, '2026-12-20')).body
    expect(data).toMatchObject({ deck: 30, due: due.length })
    // The server's cards, kept up as the batches came (continued, or replayed whole for entries that came
    // late), are the replay's, card by card and field by field.
    await expectKeptCards(r, all)
  })

  test('a card taken out is not due; put back, it keeps its schedule', async () => {
    clock.set('2026-12-21T12:00:00Z')
    const r = await reader()
    const p = proverbIds[7]
    await send(r, { entries: [add(p, { at: '2026-12-21T08:00:00.000Z' }), remove(p, { at: '2026-12-21T09:00:00.000Z' })] })
    expect((await summary(r, '2026-12-21')).body.data).toMatchObject({ deck: 0, due: 0 })
    await send(r, { entries: [add(p, { at: '2026-12-21T10:00:00.000Z' })] })
    expect((await summary(r, '2026-12-21')).body.data).toMatchObject({ deck: 1, due: 1 })
  })
})

describe('streaks in the reader’s own days', () => {
  test('a day counts in the local calendar of the moment: two days either side of Lagos midnight, one UTC day', async () => {
    clock.set('2026-12-11T00:10:00Z')
    const r = await reader()
    const [p1, p2] = proverbIds
    // 23:30 and 00:30 in Lagos (+01:00): 22:30 and 23:30 UTC, the same UTC day.
    const late = read(p1, { at: '2026-12-10T22:30:00.000Z' })
    const early = read(p2, { at: '2026-12-10T23:30:00.000Z' })
    expect([late.day, early.day]).toEqual(['2026-12-10', '2026-12-11'])
    await send(r, { entries: [late, early] })
    expect((await summary(r, '2026-12-11')).body.data).toEqual({
      today: '2026-12-11',
      streak: { current: 2, best: 2, activeToday: true, lastActiveDay: '2026-12-11' },
      days: ['2026-12-10', '2026-12-11'],
      deck: 0,
      due: 0,
    })
    // The next day, nothing yet: the streak is alive until the day ends; the day after, it is gone.
    clock.set('2026-12-12T20:00:00Z')
    expect((await summary(r, '2026-12-12')).body.data.streak).toEqual({
      current: 2,
      best: 2,
      activeToday: false,
      lastActiveDay: '2026-12-11',
    })
    clock.set('2026-12-13T20:00:00Z')
    expect((await summary(r, '2026-12-13')).body.data.streak).toMatchObject({ current: 0, best: 2 })
  })

  test('days spent offline count once their entries arrive, on the days they were', async () => {
    clock.set('2026-12-14T09:00:00Z')
    const r = await reader()
    await send(r, { entries: [read(proverbIds[0], { at: '2026-12-11T09:00:00.000Z' })] })
    expect((await summary(r, '2026-12-14')).body.data.streak).toMatchObject({ current: 0, best: 1 })
    // Back online: the bus rides of the 12th and 13th, and a review this morning.
    const offline = [
      read(proverbIds[1], { at: '2026-12-12T07:15:00.000Z' }),
      review(proverbIds[2], 3, { at: '2026-12-13T18:40:00.000Z' }),
      review(proverbIds[2], 3, { at: '2026-12-14T08:55:00.000Z' }),
    ]
    await send(r, { entries: [add(proverbIds[2], { at: '2026-12-12T07:00:00.000Z' }), ...offline] })
    expect((await summary(r, '2026-12-14')).body.data).toMatchObject({
      streak: { current: 4, best: 4, activeToday: true, lastActiveDay: '2026-12-14' },
      days: ['2026-12-11', '2026-12-12', '2026-12-13', '2026-12-14'],
    })
  })

  test('without ?today the day is the one in the zone of the daily reminder, else UTC', async () => {
    // 03:00 UTC on the 15th is still the 14th in Toronto (-05:00), already the 15th in Kiritimati (+14:00).
    clock.set('2026-12-15T03:00:00Z')
    const r = await reader()
    await send(r, { entries: [read(proverbIds[0], { offset: -300 })] })
    expect((await summary(r)).body.data).toMatchObject({ today: '2026-12-15', streak: { activeToday: false, current: 1 } })
    await call(ctx.app, 'PUT', API.dailyReminder, { token: r.token, payload: { time: '08:00', timeZone: 'America/Toronto' } })
    expect((await summary(r)).body.data).toMatchObject({ today: '2026-12-14', streak: { activeToday: true, current: 1 } })
    await call(ctx.app, 'PUT', API.dailyReminder, { token: r.token, payload: { time: '08:00', timeZone: 'Pacific/Kiritimati' } })
    expect((await summary(r)).body.data.today).toBe('2026-12-15')
    // Kiritimati's day, sent by a device there, is taken (and 14 hours is a real offset).
    const there = read(proverbIds[1], { offset: 14 * 60 })
    expect(there.day).toBe('2026-12-15')
    expect((await send(r, { entries: [there] })).body.data.accepted).toBe(1)
  })

  test(`the calendar shows the active days of the last ${CALENDAR_DAYS} days; the best streak counts them all`, async () => {
    clock.set('2026-12-16T12:00:00Z')
    const r = await reader()
    const day = (n: number) => `${shiftDay('2026-12-16', -n)}T12:00:00.000Z`
    const old = [130, 129, 128].map((n, i) => read(proverbIds[i], { at: day(n) }))
    const recent = [CALENDAR_DAYS - 1, CALENDAR_DAYS, 1].map((n, i) => read(proverbIds[i + 3], { at: day(n) }))
    await send(r, { entries: [...old, ...recent] })
    const { data } = (await summary(r, '2026-12-16')).body
    expect(data.days).toEqual([shiftDay('2026-12-16', -(CALENDAR_DAYS - 1)), '2026-12-15'])
    expect(data.streak).toEqual({ current: 1, best: 3, activeToday: false, lastActiveDay: '2026-12-15' })
  })
})

describe('the daily reminder', () => {
  const push = recordingPush()
  const runReminders = (iso: string) => {
    clock.set(iso)
    return sendDailyReminders(
      { db: ctx.database.db, notifier: createNotifier({ db: ctx.database.db, push, log: ctx.app.log }) },
      clock.now(),
    )
  }
  const reminderOf = async (r: Reader) => {
    const rows = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, r.user.id), eq(notifications.kind, 'reminder')))
    expect(rows).toHaveLength(1)
    return rows[0]
  }
  const proverbLine = (body: string) => body.replace(/^\d+ cards? to review\. /, '')

  test('says which streak to keep and how many cards are due, and only when there are', async () => {
    // 07:00 on the 18th in Lagos; the reminders are for 07:30.
    clock.set('2026-12-18T06:00:00Z')
    const keeper = await reader() // 12 days up to yesterday, 3 cards due
    const doneToday = await reader() // 12 days up to today
    const single = await reader() // one day, yesterday; 1 card due
    const quiet = await reader() // nothing
    const lagosDay = (n: number) => `${shiftDay('2026-12-18', -n)}T09:00:00.000Z`
    const twelveDays = () => Array.from({ length: 12 }, (_, i) => read(proverbIds[i], { at: lagosDay(i + 1) }))
    const three = [10, 11, 12].map((i) => add(proverbIds[i], { at: lagosDay(1) }))
    expect((await send(keeper, { entries: [...twelveDays(), ...three] })).body.data.accepted).toBe(15)
    await send(doneToday, { entries: [...twelveDays(), read(proverbIds[20])] })
    await send(single, { entries: [read(proverbIds[0], { at: lagosDay(1) }), add(proverbIds[1], { at: lagosDay(1) })] })
    for (const r of [keeper, doneToday, single, quiet])
      expect(
        (await call(ctx.app, 'PUT', API.dailyReminder, { token: r.token, payload: { time: '07:30', timeZone: 'Africa/Lagos' } })).status,
      ).toBe(200)

    expect(await runReminders('2026-12-18T06:30:00Z')).toBe(4)
    const kept = await reminderOf(keeper)
    expect(kept.title).toBe('Keep your 12-day streak')
    expect(kept.body).toMatch(/^3 cards to review\. \S/)
    // Cards due: the reminder opens the deck; without, the day's proverb.
    expect(kept.url).toBe('/learn')
    const plain = await reminderOf(quiet)
    expect(plain.title).toBe('Today’s proverb')
    expect(plain.url).toMatch(/^\/search_result\?proverb=/)
    expect((await reminderOf(doneToday)).url).toBe(plain.url)
    expect(proverbLine(kept.body)).toBe(proverbLine(plain.body))
    // Done today already: nothing to keep; a one-day streak is not one to keep either.
    expect((await reminderOf(doneToday)).title).toBe('Today’s proverb')
    const one = await reminderOf(single)
    expect(one.title).toBe('Today’s proverb')
    expect(one.body).toBe(`1 card to review. ${plain.body}`)
  })

  test('the streak and the due cards are those of the local day the reminder is for, across midnight in its zone', async () => {
    // Toronto (-05:00): a reader active on the 18th and 19th, local time; the reminder at 23:30 on the 20th.
    clock.set('2026-12-20T12:00:00Z')
    const r = await reader()
    const toronto = { offset: -300 }
    await send(r, {
      entries: [
        read(proverbIds[0], { ...toronto, at: '2026-12-19T02:00:00.000Z' }), // 21:00 on the 18th in Toronto
        read(proverbIds[1], { ...toronto, at: '2026-12-20T04:30:00.000Z' }), // 23:30 on the 19th
      ],
    })
    await call(ctx.app, 'PUT', API.dailyReminder, { token: r.token, payload: { time: '23:30', timeZone: 'America/Toronto' } })
    expect(await runReminders('2026-12-21T04:30:00Z')).toBe(1)
    expect((await reminderOf(r)).title).toBe('Keep your 2-day streak')
  })

  test('the body stays within its length with the count before a long proverb', () => {
    const long = { proverb: 'Ọ̀rọ̀ '.repeat(60), transliteration: 'word '.repeat(60) } as Proverb
    const body = reminderBody(long, { streakToKeep: 0, due: 120 })
    expect(body.length).toBeLessThanOrEqual(180)
    expect(body.startsWith('120 cards to review. Ọ̀rọ̀')).toBe(true)
    expect(body.endsWith('…')).toBe(true)
  })
})

describe('the account', () => {
  test("a reader's entries and cards go with their account, and a proverb's with the proverb", async () => {
    clock.set('2026-12-22T12:00:00Z')
    const r = await reader()
    await send(r, { entries: [read(proverbIds[0]), add(proverbIds[1]), review(proverbIds[1], 3)] })
    expect(await storedCount(r)).toBe(3)
    await ctx.database.db.delete(users).where(eq(users.id, r.user.id))
    expect(await storedCount(r)).toBe(0)
    expect(await ctx.database.db.select().from(learningCards).where(eq(learningCards.userId, r.user.id))).toEqual([])

    // A proverb dropped from the corpus takes its entries and its card; the others stay.
    const s = await reader()
    const gone = proverbIds[59]
    await send(s, { entries: [read(gone), add(gone), add(proverbIds[58])] })
    await ctx.database.db.delete(proverbs).where(eq(proverbs.id, gone))
    expect(withoutSeq((await pullAll(s)).entries).map((entry) => entry.kind)).toEqual(['add'])
    expect((await summary(s, '2026-12-22')).body.data).toMatchObject({ deck: 1, due: 1 })
  })
})

import { and, count, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { answerOptions, quizBatches, quizQuestions, quizReceipts, userPackages } from '../../server/src/db/schema'
import { composeBatch } from '../../server/src/features/quiz/compose'
import type { EthnicGroup } from '../../src/core/proverbs/contract'
import type { Plan } from '../../src/core/payments/contract'
import type { QuestionProperty, QuizBatchSummary, QuizData, QuizResult } from '../../src/core/quiz/contract'
import { call, DAY, get, groupsBySlug, memberOf, plansByName, post, testClock } from '../support/accounts'
import { createTestApp } from '../support/test-app'

// Saturday 21 November 2026: the week runs from Monday the 16th.
const clock = testClock('2026-11-21T12:00:00Z')
const TODAY = '2026-11-21'
let ctx: Awaited<ReturnType<typeof createTestApp>>
let groups: Record<string, EthnicGroup>
let plans: Record<string, Plan>
beforeAll(async () => {
  ctx = await createTestApp({}, clock.now)
  groups = await groupsBySlug(ctx.app)
  plans = await plansByName(ctx.app)
})
afterAll(() => ctx.close())

type Member = Awaited<ReturnType<typeof memberOf>>

/** A member who chose these groups, with an active package opening all of them. */
async function player(slugs: string[] = ['yoruba'], names: { firstName?: string; lastName?: string } = {}) {
  const member = await memberOf(ctx.app, ctx.database.db, { languages: slugs.map((s) => groups[s].id), ...names })
  await ctx.database.db.insert(userPackages).values({
    userId: member.user.id,
    packageId: plans.Platinum.id,
    startsAt: new Date(clock.now().getTime() - DAY),
    endsAt: new Date(clock.now().getTime() + 300 * DAY),
  })
  return member
}

const week = async (member: Member, date = TODAY) =>
  (await get(ctx.app, `/quiz-batch/user/week?currentDate=${date}`, member.token)).body.data as QuizBatchSummary[]
const quiz = async (member: Member, batchId: number) => {
  const res = await get(ctx.app, `/api/quiz/all/${batchId}`, member.token)
  expect(res.status).toBe(200)
  return res.body.data[0] as QuizData
}
const answer = (member: Member, item: Record<string, unknown>, key?: string) =>
  call(ctx.app, 'POST', '/quiz_attempt/submit-single', {
    payload: item,
    token: member.token,
    headers: key ? { 'idempotency-key': key } : {},
  })
const close = (member: Member, batchId: number, key?: string, method: 'GET' | 'POST' = 'POST') =>
  call(ctx.app, method, `/quiz-batch/update_attempt/${batchId}`, { token: member.token, headers: key ? { 'idempotency-key': key } : {} })

/** The right option of each question, read from the database: the API never gives it before the close. */
async function key(questionId: number) {
  const options = await ctx.database.db.select().from(answerOptions).where(eq(answerOptions.questionId, questionId))
  return { right: options.find((o) => o.correct)!.id, wrong: options.filter((o) => !o.correct).map((o) => o.id) }
}

/** Answers a whole batch: the first `correct` questions right, the rest wrong. */
async function play(member: Member, data: QuizData, correct: number) {
  for (const [i, q] of data.questions.entries()) {
    const { right, wrong } = await key(q.ethnicfactQuestionId)
    const res = await answer(
      member,
      { batchId: data.batchId, ethnicFactQuestionId: q.ethnicfactQuestionId, answerOptionId: i < correct ? right : wrong[0] },
      crypto.randomUUID(),
    )
    expect(res.status).toBe(200)
  }
}

describe('question properties', () => {
  test('list how batches are composed: ten questions, a pass mark, weekly or not', async () => {
    const member = await player()
    const res = await get(ctx.app, '/api/questionProperty/all?page=1&size=10', member.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ page: 1, size: 10, totalElements: 3, totalPages: 1 })
    const properties = res.body.data as QuestionProperty[]
    expect(properties.map((p) => [p.name, p.size, p.passScore, p.weekly])).toEqual([
      ['Weekly mix', 10, 6, true],
      ['Your people', 10, 6, true],
      ['Across the continent', 10, 6, false],
    ])
    for (const p of properties) expect(p.preferredCount + p.otherCount + p.generalCount).toBe(p.size)
    expect((await get(ctx.app, '/api/questionProperty/all?page=2&size=2', member.token)).body.data).toHaveLength(1)
    expect((await get(ctx.app, '/api/questionProperty/all?size=0', member.token)).status).toBe(400)
    expect((await get(ctx.app, '/api/questionProperty/all')).status).toBe(401)
  })
})

describe("the week's batches", () => {
  test('are made on the first request, one per weekly property, and the same ever after', async () => {
    const member = await player()
    const first = await week(member)
    expect(first.map((b) => [b.name, b.source, b.weekStart, b.size, b.answered, b.attempts, b.closedAt, b.result])).toEqual([
      ['Weekly mix', 'WEEKLY', '2026-11-16', 10, 0, 0, null, null],
      ['Your people', 'WEEKLY', '2026-11-16', 10, 0, 0, null, null],
    ])
    // Any day of the same week names the same batches, with the same questions.
    expect((await week(member, '2026-11-22')).map((b) => b.batchId)).toEqual(first.map((b) => b.batchId))
    const a = await quiz(member, first[0].batchId)
    const b = await quiz(member, first[0].batchId)
    expect(b.questions.map((q) => [q.ethnicfactQuestionId, q.answerOptions.map((o) => o.id)])).toEqual(
      a.questions.map((q) => [q.ethnicfactQuestionId, q.answerOptions.map((o) => o.id)]),
    )
    expect(new Set(a.questions.map((q) => q.ethnicfactQuestionId)).size).toBe(10)
  })

  test('concurrent first requests of a week produce one set of batches', async () => {
    const member = await player(['igbo', 'hausa'])
    const replies = await Promise.all(Array.from({ length: 8 }, () => week(member)))
    const ids = replies[0].map((b) => b.batchId)
    expect(ids).toHaveLength(2)
    for (const reply of replies) expect(reply.map((b) => b.batchId)).toEqual(ids)
    const [{ n }] = await ctx.database.db.select({ n: count() }).from(quizBatches).where(eq(quizBatches.userId, member.user.id))
    expect(n).toBe(2)
  })

  test('draw from the preferred group, the other groups and general questions as the property says', async () => {
    const member = await player(['zulu', 'akan'])
    const [mix, own] = await week(member)
    const mixQuestions = (await quiz(member, mix.batchId)).questions
    const about = (slug: string | null) => mixQuestions.filter((q) => (q.ethnic?.slug ?? null) === slug).length
    expect([about('zulu'), about('akan'), about(null)]).toEqual([5, 3, 2])
    expect((await quiz(member, own.batchId)).questions.every((q) => q.ethnic?.slug === 'zulu')).toBe(true)
    // Proverb questions quote the proverb in its own language.
    for (const q of mixQuestions.filter((q) => q.kind !== 'fact')) {
      expect(q.proverb).toBeTruthy()
      expect(q.lang).toBe(q.ethnic?.slug === 'zulu' ? 'zu' : 'ak')
    }
    for (const q of mixQuestions) {
      expect(q.answerOptions).toHaveLength(4)
      expect(new Set(q.answerOptions.map((o) => o.text)).size).toBe(4)
    }
  })

  test('are not made for another week, and the date must be a date', async () => {
    const member = await player()
    expect(await week(member, '2026-12-07')).toEqual([])
    expect(await week(member, '2026-11-02')).toEqual([])
    const bad = await get(ctx.app, '/quiz-batch/user/week?currentDate=21-11-2026', member.token)
    expect(bad.status).toBe(400)
    expect(bad.body.error.fields).toEqual({ currentDate: 'Must be a date written YYYY-MM-DD' })
    expect((await get(ctx.app, '/quiz-batch/user/week?currentDate=2026-02-30', member.token)).status).toBe(400)
    expect((await get(ctx.app, '/quiz-batch/user/week')).status).toBe(401)
  })
})

describe('the answer key', () => {
  test('never reaches the browser before the attempt is closed, and shows in the review after', async () => {
    const member = await player()
    const [batch] = await week(member)
    const open = await get(ctx.app, `/api/quiz/all/${batch.batchId}`, member.token)
    expect(Array.isArray(open.body.data)).toBe(true)
    expect(open.raw.toString()).not.toMatch(/"correct"/)
    const data = open.body.data[0] as QuizData
    expect(data).toMatchObject({ batchId: batch.batchId, name: 'Weekly mix', passScore: 6, closedAt: null })
    expect(data.questions[0]).toEqual({
      ethnicfactQuestionId: expect.any(Number),
      position: 1,
      kind: expect.stringMatching(/^(fact|meaning|people|complete)$/),
      question: expect.any(String),
      proverb: data.questions[0].proverb,
      ethnic: data.questions[0].ethnic,
      lang: data.questions[0].lang,
      answerOptions: data.questions[0].answerOptions.map(() => ({ id: expect.any(Number), text: expect.any(String) })),
      chosenOptionId: null,
    })
    const early = await get(ctx.app, `/quiz_attempt/calculate/${batch.batchId}`, member.token)
    expect(early).toMatchObject({
      status: 409,
      body: { error: { code: 'quiz_open', message: 'This quiz is still open. Submit it to see your result.' } },
    })

    await play(member, data, 7)
    expect((await close(member, batch.batchId, crypto.randomUUID())).status).toBe(200)
    const closed = await quiz(member, batch.batchId)
    for (const q of closed.questions) {
      const { right } = await key(q.ethnicfactQuestionId)
      expect(q.answerOptions.filter((o) => o.correct).map((o) => o.id)).toEqual([right])
    }
  })
})

describe('answers', () => {
  test('are stored; the last answer to a question wins; the given answer can be read back', async () => {
    const member = await player()
    const [batch] = await week(member)
    const q = (await quiz(member, batch.batchId)).questions[2]
    const [first, second] = q.answerOptions.map((o) => o.id)
    const item = { batchId: batch.batchId, ethnicFactQuestionId: q.ethnicfactQuestionId }
    const path = `/api/quiz/answer/${batch.batchId}/${q.ethnicfactQuestionId}`
    expect((await get(ctx.app, path, member.token)).body.data).toEqual({ ...item, answerOptionId: null })
    const res = await answer(member, { ...item, answerOptionId: first }, 'k-1')
    expect(res).toMatchObject({ status: 200, body: { data: { ...item, answerOptionId: first, replayed: false } } })
    await answer(member, { ...item, answerOptionId: second }, 'k-2')
    expect((await get(ctx.app, path, member.token)).body.data).toEqual({ ...item, answerOptionId: second })
    expect((await quiz(member, batch.batchId)).questions[2].chosenOptionId).toBe(second)
    expect((await week(member))[0].answered).toBe(1)
  })

  test('a replayed Idempotency-Key is a no-op that answers success, even after a later answer', async () => {
    const member = await player()
    const [batch] = await week(member)
    const q = (await quiz(member, batch.batchId)).questions[0]
    const [a, b] = q.answerOptions.map((o) => o.id)
    const item = { batchId: batch.batchId, ethnicFactQuestionId: q.ethnicfactQuestionId }
    await answer(member, { ...item, answerOptionId: a }, 'replay-a')
    await answer(member, { ...item, answerOptionId: b }, 'replay-b')
    // The first request again (its reply was lost, say): success, and the later answer stands.
    const replay = await answer(member, { ...item, answerOptionId: a }, 'replay-a')
    expect(replay).toMatchObject({ status: 200, body: { data: { ...item, answerOptionId: a, replayed: true } } })
    expect((await get(ctx.app, `/api/quiz/answer/${batch.batchId}/${q.ethnicfactQuestionId}`, member.token)).body.data.answerOptionId).toBe(
      b,
    )
    const receipts = await ctx.database.db.select().from(quizReceipts).where(eq(quizReceipts.userId, member.user.id))
    expect(receipts.map((r) => r.key).sort()).toEqual(['replay-a', 'replay-b'])
    // The same key on a different answer is refused rather than silently ignored.
    const reused = await answer(member, { ...item, answerOptionId: q.answerOptions[2].id }, 'replay-a')
    expect(reused).toMatchObject({ status: 422, body: { error: { code: 'idempotency_key_reused' } } })
    // Keys are per user: another user's identical key is their own.
    const other = await player()
    const [otherBatch] = await week(other)
    const oq = (await quiz(other, otherBatch.batchId)).questions[0]
    expect(
      (
        await answer(
          other,
          { batchId: otherBatch.batchId, ethnicFactQuestionId: oq.ethnicfactQuestionId, answerOptionId: oq.answerOptions[0].id },
          'replay-a',
        )
      ).body.data.replayed,
    ).toBe(false)
  })

  test('concurrent replays of one key store one answer', async () => {
    const member = await player()
    const [batch] = await week(member)
    const q = (await quiz(member, batch.batchId)).questions[1]
    const item = { batchId: batch.batchId, ethnicFactQuestionId: q.ethnicfactQuestionId, answerOptionId: q.answerOptions[1].id }
    const replies = await Promise.all(Array.from({ length: 6 }, () => answer(member, item, 'same-key')))
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(replies.filter((r) => r.body.data.replayed === false)).toHaveLength(1)
    const [{ n }] = await ctx.database.db
      .select({ n: count() })
      .from(quizReceipts)
      .where(and(eq(quizReceipts.userId, member.user.id), eq(quizReceipts.key, 'same-key')))
    expect(n).toBe(1)
  })

  test('after the close are refused with a clear message; a replay of an earlier one still succeeds', async () => {
    const member = await player()
    const [batch] = await week(member)
    const q = (await quiz(member, batch.batchId)).questions[0]
    const item = { batchId: batch.batchId, ethnicFactQuestionId: q.ethnicfactQuestionId, answerOptionId: q.answerOptions[0].id }
    await answer(member, item, 'before-close')
    await close(member, batch.batchId, 'close-1')
    const late = await answer(member, { ...item, answerOptionId: q.answerOptions[1].id }, 'after-close')
    expect(late).toMatchObject({
      status: 409,
      body: { error: { code: 'quiz_closed', message: 'This quiz has been submitted, so its answers can no longer change.' } },
    })
    expect((await answer(member, item, 'before-close')).body.data.replayed).toBe(true)
    expect((await get(ctx.app, `/api/quiz/answer/${batch.batchId}/${q.ethnicfactQuestionId}`, member.token)).body.data.answerOptionId).toBe(
      item.answerOptionId,
    )
  })

  test('bad input gets a 4xx with a message and changes nothing', async () => {
    const member = await player()
    const [batch, other] = await week(member)
    const data = await quiz(member, batch.batchId)
    const q = data.questions[0]
    const foreignOption = (await quiz(member, other.batchId)).questions.find((x) => x.ethnicfactQuestionId !== q.ethnicfactQuestionId)!
      .answerOptions[0].id
    const cases: [unknown, number, string][] = [
      [{}, 400, '"batchId" is missing or not an id.'],
      [{ batchId: batch.batchId, ethnicFactQuestionId: q.ethnicfactQuestionId }, 400, '"answerOptionId" is missing or not an id.'],
      [{ batchId: 'x', ethnicFactQuestionId: q.ethnicfactQuestionId, answerOptionId: 1 }, 400, '"batchId" is missing or not an id.'],
      [{ batchId: batch.batchId, ethnicFactQuestionId: 1.5, answerOptionId: 1 }, 400, '"ethnicFactQuestionId" is missing or not an id.'],
      [[], 400, 'Send a JSON object with batchId, answerOptionId and ethnicFactQuestionId.'],
      [
        { batchId: batch.batchId, ethnicFactQuestionId: q.ethnicfactQuestionId, answerOptionId: foreignOption },
        400,
        'That answer option does not belong to the question.',
      ],
      [
        { batchId: batch.batchId, ethnicFactQuestionId: 2_000_000, answerOptionId: q.answerOptions[0].id },
        404,
        'That question is not part of this quiz.',
      ],
      [
        { batchId: 2_000_000, ethnicFactQuestionId: q.ethnicfactQuestionId, answerOptionId: q.answerOptions[0].id },
        404,
        'No quiz of yours has that id.',
      ],
    ]
    for (const [payload, status, message] of cases) {
      const res = await answer(member, payload as Record<string, unknown>)
      expect([res.status, res.body.error.message], JSON.stringify(payload)).toEqual([status, message])
    }
    // Digit strings are read as ids (forms send them so).
    expect(
      (
        await answer(member, {
          batchId: String(batch.batchId),
          ethnicFactQuestionId: String(q.ethnicfactQuestionId),
          answerOptionId: String(q.answerOptions[0].id),
        })
      ).status,
    ).toBe(200)
    const longKey = await answer(
      member,
      { batchId: batch.batchId, ethnicFactQuestionId: q.ethnicfactQuestionId, answerOptionId: q.answerOptions[0].id },
      'k'.repeat(101),
    )
    expect(longKey).toMatchObject({
      status: 400,
      body: { error: { message: 'The Idempotency-Key header must be 1 to 100 visible characters, sent once.' } },
    })
    const broken = await ctx.app.inject({
      method: 'POST',
      url: '/quiz_attempt/submit-single',
      payload: '{"batchId":',
      headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    })
    expect(broken.statusCode).toBe(400)
    expect((await answer({ ...member, token: 'not-a-token' }, {})).status).toBe(401)
  })
})

describe("another user's quiz", () => {
  test('is as unknown as a missing one, for every call', async () => {
    const owner = await player()
    const intruder = await player()
    const [batch] = await week(owner)
    const q = (await quiz(owner, batch.batchId)).questions[0]
    const notYours = { error: { code: 'not_found', message: 'No quiz of yours has that id.' } }
    for (const path of [
      `/api/quiz/all/${batch.batchId}`,
      `/api/quiz/answer/${batch.batchId}/${q.ethnicfactQuestionId}`,
      `/quiz_attempt/calculate/${batch.batchId}`,
    ]) {
      expect(await get(ctx.app, path, intruder.token), path).toMatchObject({ status: 404, body: notYours })
    }
    expect(
      await answer(
        intruder,
        { batchId: batch.batchId, ethnicFactQuestionId: q.ethnicfactQuestionId, answerOptionId: q.answerOptions[0].id },
        'x',
      ),
    ).toMatchObject({ status: 404, body: notYours })
    expect(await close(intruder, batch.batchId)).toMatchObject({ status: 404, body: notYours })
    expect((await week(owner))[0]).toMatchObject({ answered: 0, closedAt: null })
    for (const id of ['0', 'abc', '99999999999']) expect((await get(ctx.app, `/api/quiz/all/${id}`, owner.token)).status).toBe(404)
  })
})

describe('a batch does not give its answers away', () => {
  test('over many batches, "which people say this?" is asked at most once per people, answered by several peoples', async () => {
    const compositions = [
      { preferredCount: 10, otherCount: 0, generalCount: 0 },
      { preferredCount: 5, otherCount: 3, generalCount: 2 },
      { preferredCount: 3, otherCount: 4, generalCount: 3 },
    ]
    const readers = [['yoruba'], ['zulu', 'akan'], ['hausa', 'igbo', 'amharic'], ['kiswahili', 'afan-oromo', 'yoruba', 'zulu']]
    const answeredBy = new Set<number>()
    let batches = 0
    for (const slugs of readers) {
      const [preferred, ...others] = slugs.map((slug) => groups[slug].id)
      for (const composition of compositions) {
        for (let n = 0; n < 8; n++) {
          const ids = await ctx.database.db.transaction((tx) =>
            composeBatch(tx, `balance/${slugs.join('+')}/${composition.preferredCount}/${n}`, composition, preferred, others),
          )
          const rows = await ctx.database.db
            .select({ kind: quizQuestions.kind, groupId: quizQuestions.ethnicGroupId })
            .from(quizQuestions)
            .where(inArray(quizQuestions.id, ids))
          const people = rows.filter((r) => r.kind === 'people').map((r) => r.groupId!)
          expect(people.filter((id) => id === preferred).length).toBeLessThanOrEqual(1)
          expect(new Set(people).size).toBe(people.length)
          for (const id of people) answeredBy.add(id)
          batches++
        }
      }
    }
    expect(batches).toBe(96)
    expect(answeredBy.size).toBeGreaterThanOrEqual(6)
  })
})

describe('closing and the result', () => {
  test('update_attempt closes and grades once; POST and GET both count one attempt', async () => {
    const member = await player()
    const [batch, second] = await week(member)
    await play(member, await quiz(member, batch.batchId), 7)
    const closed = await close(member, batch.batchId, 'close-a')
    expect(closed).toMatchObject({
      status: 200,
      body: { data: { batchId: batch.batchId, attempts: 1, closedAt: clock.now().toISOString() } },
    })
    for (const again of [
      await close(member, batch.batchId, 'close-a'),
      await close(member, batch.batchId, 'close-b'),
      await close(member, batch.batchId, undefined, 'GET'),
    ]) {
      expect(again.body.data.attempts).toBe(1)
    }
    expect((await close(member, second.batchId, undefined, 'GET')).body.data.attempts).toBe(1)

    const result = (await get(ctx.app, `/quiz_attempt/calculate/${batch.batchId}`, member.token)).body.data as QuizResult
    expect(result).toMatchObject({
      batchId: batch.batchId,
      name: 'Weekly mix',
      total: 10,
      correct: 7,
      wrong: 3,
      unanswered: 0,
      passScore: 6,
      points: 70,
      status: 'PASSED',
    })
    expect(result.review).toHaveLength(10)
    expect(result.review.filter((r) => r.chosenOptionId === r.correctOptionId)).toHaveLength(7)
    // Each reviewed question says why: a fact its note, a question made from a proverb the proverb itself.
    const kinds = new Map((await quiz(member, batch.batchId)).questions.map((q) => [q.ethnicfactQuestionId, q.kind]))
    for (const item of result.review) {
      if (kinds.get(item.ethnicfactQuestionId) === 'fact') {
        expect(item.note).toMatch(/\w/)
        expect(item.source).toBeNull()
      } else {
        expect(item.source).toEqual({
          ethnic: { id: groups.yoruba.id, name: groups.yoruba.name, slug: 'yoruba' },
          proverb: expect.stringContaining(item.proverb!.replace(/ …$/, '')),
          lang: 'yo',
          transliteration: expect.stringMatching(/\w/),
          interpretation: expect.stringMatching(/\w/),
        })
      }
    }
    const failed = (await get(ctx.app, `/quiz_attempt/calculate/${second.batchId}`, member.token)).body.data as QuizResult
    expect(failed).toMatchObject({ correct: 0, wrong: 0, unanswered: 10, points: 0, status: 'FAILED' })

    const summary = (await week(member))[0]
    expect(summary).toMatchObject({ answered: 10, attempts: 1, result: { correct: 7, points: 70, status: 'PASSED' } })
    const recent = (await get(ctx.app, '/quiz-batch/user/recent/all', member.token)).body.data as QuizBatchSummary[]
    expect(recent.map((b) => b.batchId).sort()).toEqual([batch.batchId, second.batchId].sort())
  })

  test('the pass mark decides PASSED or FAILED', async () => {
    const member = await player()
    const [batch] = await week(member)
    await play(member, await quiz(member, batch.batchId), 5)
    await close(member, batch.batchId)
    expect((await get(ctx.app, `/quiz_attempt/calculate/${batch.batchId}`, member.token)).body.data).toMatchObject({
      correct: 5,
      wrong: 5,
      status: 'FAILED',
      points: 50,
    })
  })
})

describe('instant quizzes', () => {
  test('are made for the caller only, listed as generated, at most five a week', async () => {
    const member = await player(['amharic'])
    const other = await player()
    const forOther = await post(ctx.app, `/api/quiz/${other.user.id}/3/USER`, undefined, member.token)
    expect(forOther).toMatchObject({ status: 403, body: { error: { message: 'You can only make quizzes for yourself.' } } })
    expect((await post(ctx.app, `/api/quiz/${member.user.id}/999/USER`, undefined, member.token)).status).toBe(404)
    expect((await post(ctx.app, `/api/quiz/${member.user.id}/x/USER`, undefined, member.token)).status).toBe(400)
    const made = await Promise.all(
      Array.from({ length: 3 }, () => post(ctx.app, `/api/quiz/${member.user.id}/3/USER`, undefined, member.token)),
    )
    expect(made.map((r) => r.status)).toEqual([201, 201, 201])
    expect(new Set(made.map((r) => r.body.data.batchId)).size).toBe(3)
    expect(made[0].body.data).toMatchObject({ name: 'Across the continent', source: 'USER', size: 10, weekStart: '2026-11-16' })
    for (let i = 0; i < 2; i++)
      expect((await post(ctx.app, `/api/quiz/${member.user.id}/1/USER`, undefined, member.token)).status).toBe(201)
    const sixth = await post(ctx.app, `/api/quiz/${member.user.id}/1/USER`, undefined, member.token)
    expect(sixth).toMatchObject({
      status: 429,
      body: {
        error: { code: 'quiz_limit', message: 'You have made 5 quizzes this week, the most a week allows. You can make more from Monday.' },
      },
    })
    const generated = (await get(ctx.app, `/quiz-batch/user/week-gen-source?currentDate=${TODAY}`, member.token)).body
      .data as QuizBatchSummary[]
    expect(generated).toHaveLength(5)
    expect(generated.every((b) => b.source === 'USER')).toBe(true)
    // The weekly list holds only the scheduled ones.
    expect((await week(member)).every((b) => b.source === 'WEEKLY')).toBe(true)
  })
})

describe('the leaderboard', () => {
  test('ranks by points, then by who finished first; medals for the top three; the caller by id', async () => {
    const fresh = await createTestApp({}, clock.now)
    const saved = ctx
    ctx = fresh
    try {
      groups = await groupsBySlug(ctx.app)
      // Two players share a name: identity is by id.
      const [ada, bola, chidi, dayo] = [
        await player(['yoruba'], { firstName: 'Ada', lastName: 'Eze' }),
        await player(['yoruba'], { firstName: 'Ada', lastName: 'Eze' }),
        await player(['igbo'], { firstName: 'Chidi', lastName: 'Obi' }),
        await player(['hausa'], { firstName: 'Dayo', lastName: 'Ade' }),
      ]
      const finish = async (member: Member, correct: number) => {
        const [batch] = await week(member, clock.now().toISOString().slice(0, 10))
        await play(member, await quiz(member, batch.batchId), correct)
        await close(member, batch.batchId)
        clock.advance(60_000)
      }
      await finish(bola, 8) // 80, first to reach it
      await finish(ada, 8) // 80, later
      await finish(chidi, 9) // 90
      await finish(dayo, 2) // 20

      const board = await get(ctx.app, '/api/leaderboard/get_players?period=week', ada.token)
      expect(board.status).toBe(200)
      expect(board.body).toMatchObject({ period: 'week', weekStart: '2026-11-16', page: 1, totalElements: 4 })
      expect(
        board.body.data.map((e: { position: number; userId: number; points: number; medal: string | null }) => [
          e.position,
          e.userId,
          e.points,
          e.medal,
        ]),
      ).toEqual([
        [1, chidi.user.id, 90, 'gold'],
        [2, bola.user.id, 80, 'silver'],
        [3, ada.user.id, 80, 'bronze'],
        [4, dayo.user.id, 20, null],
      ])
      expect(board.body.data[0]).toMatchObject({ firstName: 'Chidi', lastName: 'Obi', date: expect.any(String) })

      const me = await get(ctx.app, '/api/leaderboard/get_player?period=week', ada.token)
      expect(me.body.data).toMatchObject({
        entry: { position: 3, userId: ada.user.id, points: 80, medal: 'bronze' },
        player: { userId: ada.user.id },
      })
      expect(me.body.data.recent).toEqual([
        expect.objectContaining({ name: 'Weekly mix', correct: 8, total: 10, points: 80, status: 'PASSED' }),
      ])
      const details = await get(ctx.app, `/api/leaderboard/get_player?userId=${dayo.user.id}`, ada.token)
      expect(details.body.data).toMatchObject({ entry: { position: 4, points: 20 }, player: { firstName: 'Dayo', lastName: 'Ade' } })

      // Paging keeps positions; all time adds the weeks up.
      const page2 = await get(ctx.app, '/api/leaderboard/get_players?period=all&page=2&size=3', ada.token)
      expect(page2.body.data.map((e: { position: number; userId: number }) => [e.position, e.userId])).toEqual([[4, dayo.user.id]])

      // Next week: a new weekly board, the all-time one keeps counting.
      clock.advance(7 * DAY)
      await finish(dayo, 10)
      const nextWeek = (await get(ctx.app, '/api/leaderboard/get_players', ada.token)).body
      expect(nextWeek.weekStart).toBe('2026-11-23')
      expect(nextWeek.data.map((e: { userId: number; points: number }) => [e.userId, e.points])).toEqual([[dayo.user.id, 100]])
      const allTime = (await get(ctx.app, '/api/leaderboard/get_players?period=all', ada.token)).body.data
      expect(allTime.map((e: { userId: number; points: number }) => [e.userId, e.points])).toEqual([
        [dayo.user.id, 120],
        [chidi.user.id, 90],
        [bola.user.id, 80],
        [ada.user.id, 80],
      ])
      expect((await get(ctx.app, '/api/leaderboard/get_player', ada.token)).body.data.entry).toBeNull()
    } finally {
      await fresh.close()
      ctx = saved
      groups = await groupsBySlug(ctx.app)
    }
  })

  test('shows only players on the board; bad parameters get a 400', async () => {
    const member = await player()
    const stranger = await player()
    expect(await get(ctx.app, `/api/leaderboard/get_player?userId=${stranger.user.id}`, member.token)).toMatchObject({
      status: 404,
      body: { error: { message: 'No player has that id.' } },
    })
    expect((await get(ctx.app, '/api/leaderboard/get_player', member.token)).body.data).toMatchObject({
      entry: null,
      player: { userId: member.user.id },
      recent: [],
    })
    expect((await get(ctx.app, '/api/leaderboard/get_players?period=month', member.token)).status).toBe(400)
    expect((await get(ctx.app, '/api/leaderboard/get_player?userId=abc', member.token)).status).toBe(404)
    expect((await get(ctx.app, '/api/leaderboard/get_players')).status).toBe(401)
  })
})

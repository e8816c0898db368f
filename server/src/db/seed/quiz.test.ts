import { expect, test } from 'vitest'
import { LANGUAGE_SLUGS } from '@core/shared/constants'
import { factProblems } from './corpus-rules'
import { factBank, GENERAL, QUESTION_PROPERTIES } from './quiz'

const bank = factBank()
const all = [...bank.values()].flat()

test('the fact bank holds at least forty questions per people, over 320 in all, plus thirty general ones', () => {
  for (const slug of LANGUAGE_SLUGS) expect(bank.get(slug)!.length, slug).toBeGreaterThanOrEqual(40)
  expect(bank.get(GENERAL)!.length).toBeGreaterThanOrEqual(30)
  expect(all.length - bank.get(GENERAL)!.length).toBeGreaterThanOrEqual(320)
})

test('every fact explains its answer and says where it is recorded, and no question is asked twice', () => {
  expect(factProblems(bank)).toEqual([])
})

test('every question has a unique key of its file, four distinct options and one right answer', () => {
  expect(new Set(all.map((q) => q.key)).size).toBe(all.length)
  for (const [file, questions] of bank) {
    for (const q of questions) {
      expect(q.key.startsWith(`${file}-`), q.key).toBe(true)
      expect(q.question, q.key).toMatch(/\?$/)
      expect(q.question.length, q.key).toBeLessThanOrEqual(200)
      expect(q.options, q.key).toHaveLength(4)
      expect(new Set(q.options.map((o) => o.trim().toLowerCase())).size, q.key).toBe(4)
      expect(
        q.options.every((o) => o.trim() !== '' && o.length <= 80),
        q.key,
      ).toBe(true)
      expect([0, 1, 2, 3], q.key).toContain(q.correct)
    }
  }
})

test('the right answer is not always in the same place', () => {
  const places = [0, 1, 2, 3].map((i) => all.filter((q) => q.correct === i).length)
  for (const n of places) expect(n).toBeGreaterThan(all.length / 8)
})

test('question properties: ten questions each, a reachable pass mark, two weekly', () => {
  for (const p of QUESTION_PROPERTIES) {
    expect(p.preferredCount + p.otherCount + p.generalCount).toBe(10)
    expect(p.passScore).toBeGreaterThan(0)
    expect(p.passScore).toBeLessThanOrEqual(10)
  }
  expect(QUESTION_PROPERTIES.filter((p) => p.weekly)).toHaveLength(2)
})

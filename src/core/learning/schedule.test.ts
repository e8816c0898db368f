import { expect, test } from 'vitest'
import type { Grade, LearningEntry } from './contract'
import { dueCards, gradeCard, inOrder, progressOf, replayDeck } from './schedule'

let n = 0
const at = (minutes: number) => new Date(Date.parse('2026-11-01T08:00:00.000Z') + minutes * 60_000).toISOString()
function entry(kind: 'add' | 'remove', proverbId: number, minutes: number): LearningEntry
function entry(kind: 'review', proverbId: number, minutes: number, grade: Grade): LearningEntry
function entry(kind: 'add' | 'remove' | 'review', proverbId: number, minutes: number, grade?: Grade): LearningEntry {
  const when = at(minutes)
  const base = { id: `e${String(++n).padStart(4, '0')}`, at: when, day: when.slice(0, 10), offset: 0 }
  return kind === 'review' ? { ...base, kind, proverbId, grade: grade as Grade } : { ...base, kind, proverbId }
}

test('a card added is new and due at once; graded Good twice it leaves learning for days', () => {
  const log = [entry('add', 7, 0), entry('review', 7, 1, 3)]
  const afterOne = replayDeck(log).get(7)!
  expect(afterOne).toMatchObject({ inDeck: true, phase: 'learning', reps: 1, addedAt: at(0) })
  expect(Date.parse(afterOne.due) - Date.parse(at(1))).toBe(10 * 60_000)
  const afterTwo = replayDeck([...log, entry('review', 7, 12, 3)]).get(7)!
  expect(afterTwo.phase).toBe('review')
  expect(Date.parse(afterTwo.due) - Date.parse(at(12))).toBeGreaterThanOrEqual(86_400_000)
})

test('the same entries in any order of arrival make the same schedule, to the millisecond', () => {
  const log = [
    entry('add', 1, 0),
    entry('add', 2, 0),
    entry('review', 1, 2, 3),
    entry('review', 2, 3, 1),
    entry('review', 1, 20, 4),
    entry('review', 2, 30, 2),
  ]
  const reversed = [...log].reverse()
  const shuffled = [log[3], log[0], log[5], log[1], log[4], log[2]]
  const schedule = (entries: LearningEntry[]) => [...replayDeck(entries).values()].map(({ card: _card, ...rest }) => rest)
  expect(schedule(reversed)).toEqual(schedule(log))
  expect(schedule(shuffled)).toEqual(schedule(log))
})

test('grading on the device gives what replaying the log gives', () => {
  const log = [entry('add', 3, 0), entry('review', 3, 5, 2)]
  const card = replayDeck(log).get(3)!
  const next = gradeCard(card, 4, at(9))
  const replayed = replayDeck([...log, { ...entry('review', 3, 9, 4) }]).get(3)!
  expect(next.due).toBe(replayed.due)
  expect(next.reps).toBe(replayed.reps)
})

test('a card taken out is not due; put back, it keeps its schedule', () => {
  const log = [entry('add', 4, 0), entry('review', 4, 1, 3), entry('remove', 4, 2)]
  const removed = replayDeck(log).get(4)!
  expect(removed.inDeck).toBe(false)
  expect(dueCards(replayDeck(log).values(), new Date(at(60 * 24 * 30)))).toEqual([])
  const back = replayDeck([...log, entry('add', 4, 3)]).get(4)!
  expect(back).toMatchObject({ inDeck: true, reps: 1, due: removed.due, addedAt: at(0) })
})

test('due cards come longest overdue first; a review of a card never added adds it', () => {
  const log = [entry('add', 9, 0), entry('add', 8, 5), entry('review', 6, 6, 3)]
  const cards = replayDeck(log)
  expect(cards.get(6)).toMatchObject({ inDeck: true, reps: 1 })
  expect(dueCards(cards.values(), new Date(at(7))).map((card) => card.proverbId)).toEqual([9, 8])
})

test('entries of one moment are ordered by id', () => {
  const a = { at: at(0), id: 'b' }
  const b = { at: at(0), id: 'a' }
  expect(inOrder([a, b])).toEqual([b, a])
})

test('progress: reviews per day, cards learned and the share of mature reviews remembered', () => {
  const log = [entry('add', 1, 0), entry('review', 1, 1, 3), entry('review', 1, 12, 3)]
  // Two days later (due by then), recalled once, then forgotten once.
  log.push(entry('review', 1, 60 * 24 * 3, 3), entry('review', 1, 60 * 24 * 30, 1), entry('add', 2, 60 * 24 * 30))
  const progress = progressOf(log)
  expect(progress.reviewsPerDay).toEqual([
    { day: '2026-11-01', reviews: 2, again: 0 },
    { day: '2026-11-04', reviews: 1, again: 0 },
    { day: '2026-12-01', reviews: 1, again: 1 },
  ])
  expect(progress.deck).toBe(2)
  expect(progress.learned).toBe(0)
  expect(progress.retention).toBe(0.5)
  expect(progressOf([entry('add', 1, 0)]).retention).toBeNull()
})

test('a replay continued from the cards of the entries before gives what replaying them all gives', () => {
  const log = [
    entry('add', 1, 0),
    entry('review', 1, 2, 3),
    entry('add', 2, 3),
    entry('review', 1, 20, 1),
    entry('remove', 2, 25),
    entry('review', 1, 40, 3),
    entry('add', 2, 50),
    entry('review', 2, 60, 4),
    entry('review', 3, 61, 2),
  ]
  for (let split = 0; split <= log.length; split++) {
    const before = replayDeck(log.slice(0, split))
    expect(replayDeck(log.slice(split), before.values()), `split at ${split}`).toEqual(replayDeck(log))
  }
})

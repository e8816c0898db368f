// @vitest-environment jsdom
import { beforeEach, expect, test } from 'vitest'
import { acceptPeople, answerKeepQuestion, declinePeople, readKeepChoice } from './keep-choice'

beforeEach(() => localStorage.clear())

test('a reader’s choice about keeping is remembered by user: the answer to home’s question and the peoples removed', () => {
  expect(readKeepChoice(7)).toEqual({ metered: null, declined: [] })
  answerKeepQuestion(7, false)
  declinePeople(7, 2)
  declinePeople(7, 2)
  declinePeople(7, 5)
  expect(readKeepChoice(7)).toEqual({ metered: 'no', declined: [2, 5] })
  acceptPeople(7, 2)
  answerKeepQuestion(7, true)
  expect(readKeepChoice(7)).toEqual({ metered: 'yes', declined: [5] })
  expect(JSON.parse(localStorage.getItem('owe-keep:7')!)).toEqual({ metered: 'yes', declined: [5] })
  // Another reader of the device has said nothing.
  expect(readKeepChoice(8)).toEqual({ metered: null, declined: [] })
})

test('what storage holds that is not a choice reads as none', () => {
  localStorage.setItem('owe-keep:9', '{not json')
  expect(readKeepChoice(9)).toEqual({ metered: null, declined: [] })
  localStorage.setItem('owe-keep:10', JSON.stringify({ metered: 'maybe', declined: [3, 'x', 1.5] }))
  expect(readKeepChoice(10)).toEqual({ metered: null, declined: [3] })
})

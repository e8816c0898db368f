import { expect, test } from 'vitest'
import { makeQuestion, seededRandom, shuffled, splitProverb } from './compose'

test('the same seed gives the same sequence; another seed another', () => {
  const a = seededRandom('7/2026-11-16/WEEKLY/1/0')
  const b = seededRandom('7/2026-11-16/WEEKLY/1/0')
  const c = seededRandom('8/2026-11-16/WEEKLY/1/0')
  const [x, y, z] = [a, b, c].map((r) => Array.from({ length: 5 }, r))
  expect(x).toEqual(y)
  expect(x).not.toEqual(z)
  expect(x.every((n) => n >= 0 && n < 1)).toBe(true)
  expect(shuffled([1, 2, 3, 4, 5, 6], seededRandom('s'))).toEqual(shuffled([1, 2, 3, 4, 5, 6], seededRandom('s')))
  expect(shuffled([1, 2, 3, 4, 5, 6], seededRandom('s')).sort()).toEqual([1, 2, 3, 4, 5, 6])
})

test('a proverb is cut at the clause nearest its middle, else at the middle word', () => {
  expect(splitProverb('Ká rìn ká pọ̀, yíyẹ ní ń yẹni.')).toEqual({ head: 'Ká rìn ká pọ̀,', tail: 'yíyẹ ní ń yẹni' })
  expect(splitProverb('Haba na haba hujaza kibaba.')).toEqual({ head: 'Haba na haba', tail: 'hujaza kibaba' })
  expect(splitProverb('Ilé labọ̀ sinmi oko')).toEqual({ head: 'Ilé labọ̀', tail: 'sinmi oko' })
  // A comma that would leave one word on a side is not a cut.
  expect(splitProverb('Ọ̀rọ̀, ẹnu ni a fi ń sọ ọ́')).toEqual({ head: 'Ọ̀rọ̀, ẹnu ni a', tail: 'fi ń sọ ọ́' })
  expect(splitProverb('Ìwọ̀n eku nìwọ̀n ìtẹ́.')).toEqual({ head: 'Ìwọ̀n eku', tail: 'nìwọ̀n ìtẹ́' })
  expect(splitProverb('Umuntu ngumuntu ngabantu.')).toBeNull()
})

const groups = ['Yoruba', 'Igbo', 'Hausa', 'Akan', 'Swahili'].map((name, i) => ({ id: i + 1, name, slug: name.toLowerCase() }))
const proverb = (id: number, text: string, meaning: string) => ({ id, slug: `p${id}`, ethnicGroupId: 5, proverb: text, interpretation: meaning, toneKey: `k${id}` })
const subject = proverb(1, 'Haba na haba hujaza kibaba.', 'Little by little fills the measure.')
const neighbours = [
  proverb(2, 'Asiyesikia la mkuu huvunjika guu.', 'Heed your elders.'),
  proverb(3, 'Mgeni siku mbili, siku ya tatu mpe jembe.', 'A guest becomes family.'),
  proverb(4, 'Pole pole ndio mwendo.', 'Slowly is the way.'),
]

test('questions made from a proverb: its meaning, its people, its end — three wrong answers each', () => {
  const meaning = makeQuestion('meaning', subject, groups[4], groups, neighbours, seededRandom('m'))!
  expect(meaning).toEqual({
    question: 'What does this Swahili proverb mean?',
    quote: 'Haba na haba hujaza kibaba.',
    answer: 'Little by little fills the measure.',
    wrong: ['Heed your elders.', 'A guest becomes family.', 'Slowly is the way.'],
  })
  const people = makeQuestion('people', subject, groups[4], groups, neighbours, seededRandom('p'))!
  expect(people.answer).toBe('Swahili')
  expect(people.wrong).toHaveLength(3)
  expect(people.wrong).not.toContain('Swahili')
  const ending = makeQuestion('complete', subject, groups[4], groups, neighbours, seededRandom('c'))!
  expect(ending).toMatchObject({ question: 'How does this Swahili proverb end?', quote: 'Haba na haba …', answer: 'hujaza kibaba' })
  expect(ending.wrong.sort()).toEqual(['huvunjika guu', 'ndio mwendo', 'siku ya tatu mpe jembe'].sort())
})

test('a group too small for three different wrong answers makes no question of that kind', () => {
  expect(makeQuestion('meaning', subject, groups[4], groups, neighbours.slice(0, 2), seededRandom('m'))).toBeNull()
  const twins = neighbours.map((n) => ({ ...n, interpretation: subject.interpretation }))
  expect(makeQuestion('meaning', subject, groups[4], groups, twins, seededRandom('m'))).toBeNull()
})

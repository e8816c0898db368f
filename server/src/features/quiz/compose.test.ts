import { expect, test } from 'vitest'
import { corpusRows } from '../../db/seed/corpus'
import { makeCousinQuestion, makeQuestion, seededRandom, shuffled, splitProverb } from './compose'

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
  expect(splitProverb('Ká rìn ká pọ̀, yíyẹ ní ń yẹni.')).toEqual({ head: 'Ká rìn ká pọ̀,', tail: 'yíyẹ ní ń yẹni', at: 'clause' })
  expect(splitProverb('Haba na haba hujaza kibaba.')).toEqual({ head: 'Haba na haba', tail: 'hujaza kibaba', at: 'word' })
  expect(splitProverb('Ilé labọ̀ sinmi oko')).toEqual({ head: 'Ilé labọ̀', tail: 'sinmi oko', at: 'word' })
  // A comma that would leave one word on a side is not a cut.
  expect(splitProverb('Ọ̀rọ̀, ẹnu ni a fi ń sọ ọ́')).toEqual({ head: 'Ọ̀rọ̀, ẹnu', tail: 'ni a fi ń sọ ọ́', at: 'word' })
  expect(splitProverb('Ìwọ̀n eku nìwọ̀n ìtẹ́.')).toEqual({ head: 'Ìwọ̀n eku', tail: 'nìwọ̀n ìtẹ́', at: 'word' })
  expect(splitProverb('Umuntu ngumuntu ngabantu.')).toBeNull()
  // No clause boundary and every word cut beside a bound word: not asked this way at all.
  expect(splitProverb('A ní ó kú a ní ó yè.')).toBeNull()
})

test('a cut never parts a word of one letter from its neighbours, so the stem and every choice end and open on whole phrases', () => {
  // Cut at the middle, the stem would end "kì …" and the answer open "í …", while other proverbs' endings open "kì í …".
  expect(splitProverb('Ọ̀nà irọ́ kì í pẹ́ẹ́ pin.')).toEqual({ head: 'Ọ̀nà irọ́', tail: 'kì í pẹ́ẹ́ pin', at: 'word' })
  // Every proverb of the corpus that can be cut is cut so, where any such cut exists.
  const oneLetter = (word: string | undefined) => word !== undefined && word.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, '').length === 1
  for (const { proverb } of corpusRows()) {
    const split = splitProverb(proverb)
    if (!split || /[,;:፣፤]$/u.test(split.head)) continue
    const words = proverb
      .replace(/[.!?።]+$/u, '')
      .trim()
      .split(/\s+/)
    const possible = words.some((_, cut) => cut >= 2 && words.length - cut >= 2 && !oneLetter(words[cut - 1]) && !oneLetter(words[cut]))
    if (!possible) continue
    expect([oneLetter(split.head.split(' ').at(-1)), oneLetter(split.tail.split(' ')[0])], proverb).toEqual([false, false])
  }
})

const groups = ['Yoruba', 'Igbo', 'Hausa', 'Akan', 'Swahili'].map((name, i) => ({ id: i + 1, name, slug: name.toLowerCase() }))
const proverb = (id: number, text: string, meaning: string) => ({
  id,
  slug: `p${id}`,
  ethnicGroupId: 5,
  proverb: text,
  interpretation: meaning,
  toneKey: `k${id}`,
})
const subject = proverb(1, 'Haba na haba hujaza kibaba.', 'Little by little fills the measure.')
const neighbours = [
  proverb(2, 'Asiyesikia la mkuu huvunjika guu.', 'Heed your elders.'),
  proverb(3, 'Mgeni siku mbili, siku ya tatu mpe jembe.', 'A guest becomes family.'),
  proverb(4, 'Pole pole ndio mwendo.', 'Slowly is the way.'),
  proverb(5, 'Maji yakimwagika hayazoleki kamwe.', 'What is done cannot be undone.'),
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
  // Cut at a word, it is offered against endings cut at a word: never the clause "siku ya tatu mpe jembe".
  expect(ending.wrong.sort()).toEqual(['hayazoleki kamwe', 'huvunjika guu', 'ndio mwendo'])
  // Cut at a clause, against clause endings only: here there is one, too few for a question.
  const clause = proverb(6, 'Mtaka cha mvunguni, sharti ainame.', 'Whoever wants what is under the bed must bend.')
  expect(makeQuestion('complete', clause, groups[4], groups, neighbours, seededRandom('c'))).toBeNull()
  const clauses = ['Bandu bandu, huisha gogo.', 'Usipoziba ufa, utajenga ukuta.'].map((text, i) => proverb(10 + i, text, 'x'))
  const asked = makeQuestion('complete', clause, groups[4], groups, [...neighbours, ...clauses], seededRandom('c'))!
  expect(asked).toMatchObject({ quote: 'Mtaka cha mvunguni, …', answer: 'sharti ainame' })
  expect(asked.wrong.sort()).toEqual(['huisha gogo', 'siku ya tatu mpe jembe', 'utajenga ukuta'])
})

test('a group too small for three different wrong answers makes no question of that kind', () => {
  expect(makeQuestion('meaning', subject, groups[4], groups, neighbours.slice(0, 2), seededRandom('m'))).toBeNull()
  const twins = neighbours.map((n) => ({ ...n, interpretation: subject.interpretation }))
  expect(makeQuestion('meaning', subject, groups[4], groups, twins, seededRandom('m'))).toBeNull()
})

test('a cousin question asks which proverb of another people says the same, against three of that people’s others', () => {
  const akan = groups[3]
  const material = {
    note: 'Little by little, a great deal is done.',
    cousins: [
      { id: 40, proverb: 'Ɔsrane mfiti prɛko ntware man.', transliteration: 'The moon does not cross the land at once.', group: akan },
    ],
    others: new Map([
      [
        akan.id,
        [
          { proverb: 'Nsa baako nkura adesoa.', transliteration: 'One hand cannot carry a load.' },
          { proverb: 'Ɔkɔtɔ nwo anomaa.', transliteration: 'A crab does not give birth to a bird.' },
          { proverb: 'Anomaa antu a, obua da.', transliteration: 'A bird that does not fly goes to sleep hungry.' },
          { proverb: 'Ti koro nkɔ agyina.', transliteration: 'One head does not go into council.' },
        ],
      ],
    ]),
  }
  const made = makeCousinQuestion(subject, groups[4], material, seededRandom('cousin:p1'))!
  expect(made.question).toBe('Which Akan proverb says the same as this Swahili one?')
  expect(made.quote).toBe(subject.proverb)
  expect(made.answer).toBe('Ɔsrane mfiti prɛko ntware man. — “The moon does not cross the land at once”')
  expect(made.wrong).toHaveLength(3)
  expect(made.wrong.every((w) => / — “.+”$/.test(w) && w !== made.answer)).toBe(true)
  expect(made.note).toBe(material.note)
  expect(makeCousinQuestion(subject, groups[4], material, seededRandom('cousin:p1'))).toEqual(made)
  // A people with too few other proverbs cannot give three wrong answers.
  expect(
    makeCousinQuestion(
      subject,
      groups[4],
      { ...material, others: new Map([[akan.id, material.others.get(akan.id)!.slice(0, 2)]]) },
      seededRandom('x'),
    ),
  ).toBeNull()
})

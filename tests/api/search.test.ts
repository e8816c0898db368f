import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Category, EthnicGroup, Proverb } from '../../src/core/proverbs/contract'
import type { Paginated } from '../../src/core/http/contract'
import { foldForSearch } from '../../src/core/proverbs/search'
import { createTestApp } from '../support/test-app'

let ctx: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  ctx = await createTestApp()
})
afterAll(() => ctx.close())

async function search(query: string) {
  const res = await ctx.app.inject({ url: `/api/proverbs/public?size=100&q=${encodeURIComponent(query)}` })
  expect(res.statusCode, query).toBe(200)
  return res.json() as Paginated<Proverb>
}

async function insertProverb(groupSlug: string, proverb: string, english: string) {
  await ctx.database.db.execute(
    `insert into proverbs (slug, ethnic_group_id, proverb, transliteration, interpretation, tone_key, english_folded)
     select 'test-' || md5('${proverb}'), id, '${proverb}', '${english}', 'A test entry.', '${foldForSearch(proverb)}', '${foldForSearch(english)}'
     from ethnic_groups where slug = '${groupSlug}'`,
  )
}

test('plain letters find Yoruba words written with tone marks and under-dots', async () => {
  const { data } = await search('omo')
  expect(data.length).toBeGreaterThan(0)
  expect(data.some((p) => p.ethnic.slug === 'yoruba' && /ọmọ/i.test(p.proverb.normalize('NFC')))).toBe(true)
})

test('owe finds òwe, ile finds ilé and ilẹ̀, kpo finds kpọ', async () => {
  await insertProverb('yoruba', 'Òwe lẹṣin ọ̀rọ̀', 'Proverb is the horse of speech')
  await insertProverb('yoruba', 'Ilé ni a ti ń kẹ́ṣọ̀ ròde', 'Charity begins at home')
  await insertProverb('yoruba', 'Ilẹ̀ ló ń jẹ ẹni', 'The earth consumes a person')
  await insertProverb('igbo', 'Egbe kpọ ugo', 'Kite calls eagle')
  const owe = await search('owe')
  expect(owe.data.map((p) => p.proverb)).toContain('Òwe lẹṣin ọ̀rọ̀')
  const ile = (await search('ile')).data.map((p) => p.proverb)
  expect(ile).toEqual(expect.arrayContaining(['Ilé ni a ti ń kẹ́ṣọ̀ ròde', 'Ilẹ̀ ló ń jẹ ẹni']))
  expect((await search('kpo')).data.map((p) => p.proverb)).toContain('Egbe kpọ ugo')
  // typing the marks works too
  expect((await search('ilẹ̀')).data.map((p) => p.proverb)).toContain('Ilẹ̀ ló ń jẹ ẹni')
})

test('search also matches the English rendering and the meaning', async () => {
  const { data } = await search('patience')
  expect(data.length).toBeGreaterThan(0)
  for (const p of data) {
    expect(foldForSearch(`${p.proverb} ${p.transliteration} ${p.interpretation}`)).toContain('patience')
  }
})

test('every word of the query must match, and matches in the proverb itself come first', async () => {
  const { data } = await search('water')
  expect(data.length).toBeGreaterThan(1)
  const both = await search('water river')
  expect(both.data.length).toBeLessThanOrEqual(data.length)
  for (const p of both.data) {
    const text = foldForSearch(`${p.proverb} ${p.transliteration} ${p.interpretation}`)
    expect(text).toContain('water')
    expect(text).toContain('river')
  }
})

test('Ethiopic text matches as typed', async () => {
  const { data: amharic } = await ctx.app
    .inject({ url: '/api/proverbs/public?ethnic=amharic&size=1' })
    .then((r) => r.json() as Paginated<Proverb>)
  const word = amharic[0].proverb.split(/[\s፣።]+/)[0]
  const { data } = await search(word)
  expect(data.map((p) => p.id)).toContain(amharic[0].id)
  expect(data.every((p) => p.proverb.includes(word) || foldForSearch(p.transliteration + p.interpretation).includes(word))).toBe(true)
})

test('proverbs that differ only in tone marks appear together', async () => {
  await insertProverb('yoruba', 'Ọkọ́ ni ọ̀kọ̀', 'A hoe is a spear')
  await insertProverb('yoruba', 'Ọkọ ni ọkọ̀', 'A husband is a boat')
  const { data } = await search('oko ni oko')
  const positions = data.map((p, i) => (p.toneKey === foldForSearch('Ọkọ́ ni ọ̀kọ̀') ? i : -1)).filter((i) => i >= 0)
  expect(positions).toHaveLength(2)
  expect(positions[1] - positions[0]).toBe(1)
})

test('a query of only punctuation or wildcard characters lists everything; nonsense finds nothing', async () => {
  const all = await search(' ,.; ')
  expect(all.totalElements).toBeGreaterThanOrEqual(400)
  expect((await search('%')).totalElements).toBe(all.totalElements)
  expect((await search('_')).totalElements).toBe(all.totalElements)
  expect((await search('zzqxj')).totalElements).toBe(0)
})

test('an over-long query is refused with a message', async () => {
  const res = await ctx.app.inject({ url: `/api/proverbs/public?q=${'a'.repeat(201)}` })
  expect(res.statusCode).toBe(400)
  expect(res.json().error.message).toBe('"q" is too long.')
})

/** The rank a result should have: whole words of the proverb, of any field, word starts, inside words. */
function expectedRank(p: Proverb, terms: string[]): number {
  const proverb = p.toneKey.split(' ')
  const english = foldForSearch(`${p.transliteration} ${p.interpretation}`).split(' ')
  const grade = (term: string) => {
    if (proverb.includes(term)) return 0
    if (english.includes(term)) return 1
    if ([...proverb, ...english].some((w) => w.startsWith(term))) return 2
    return 3
  }
  return Math.max(...terms.map(grade))
}

test('whole-word matches come before word starts, which come before matches inside words', async () => {
  const { data } = await search('omo')
  const ranks = data.map((p) => expectedRank(p, ['omo']))
  expect(ranks[0]).toBe(0)
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  expect(ranks).toContain(3)
})

test('a whole word in the English or the meaning ranks above the same letters inside a word of the proverb', async () => {
  const { data } = await search('water')
  const kwaterekwa = data.findIndex((p) => p.proverb.startsWith('Kwaterekwa'))
  expect(kwaterekwa).toBeGreaterThan(0)
  const ranks = data.map((p) => expectedRank(p, ['water']))
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  expect(ranks[0]).toBe(1)
  expect(ranks[kwaterekwa]).toBe(3)
  // Everything above it has "water" opening a word of its English ("water", or "watery" after every whole word).
  expect(data.slice(0, kwaterekwa).filter((p) => !/(^| )water/.test(foldForSearch(`${p.transliteration} ${p.interpretation}`)))).toEqual([])
})

test('the public groups list says who each people is, with a public source; built-in categories carry one line', async () => {
  const groups = (await ctx.app.inject({ url: '/api/proverbs/ethnic/public?q=all' })).json().data as EthnicGroup[]
  expect(groups).toHaveLength(8)
  for (const group of groups) {
    expect(group.about?.homeland, group.slug).toMatch(/\w/)
    const sentences = group.about!.intro.split(/(?<=[.”])\s+(?=[A-Zi])/)
    expect(sentences.length, group.slug).toBeGreaterThanOrEqual(2)
    expect(sentences.length, group.slug).toBeLessThanOrEqual(3)
    expect(group.about!.source.url).toMatch(/^https:\/\/en\.wikipedia\.org\/wiki\/\w+_people$/)
  }
  expect(groups.find((g) => g.slug === 'igbo')?.about?.homeland).toBe('South-eastern Nigeria, on both banks of the lower Niger')
  const one = (await ctx.app.inject({ url: '/api/proverbs/ethnic/public?q=igbo' })).json().data as EthnicGroup[]
  expect(one[0].about?.source.url).toBe('https://en.wikipedia.org/wiki/Igbo_people')

  const categories = (await ctx.app.inject({ url: '/api/proverbs/category/public' })).json().data.content as Category[]
  expect(categories.find((c) => c.slug === 'patience')?.description).toBe(
    'On waiting, slow progress and what comes to those who do not rush.',
  )
  for (const category of categories) expect(category.description, category.slug).toMatch(/^[A-Z].{20,100}\.$/)
})

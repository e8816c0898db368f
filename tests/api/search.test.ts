import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Paginated, Proverb } from '../../src/core/contract'
import { foldForSearch } from '../../src/core/search'
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
  const positions = data
    .map((p, i) => (p.toneKey === foldForSearch('Ọkọ́ ni ọ̀kọ̀') ? i : -1))
    .filter((i) => i >= 0)
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

test('whole-word matches come before word starts, which come before matches inside words', async () => {
  const { data } = await search('omo')
  const rank = (p: Proverb) => {
    const words = p.toneKey.split(' ')
    if (words.includes('omo')) return 0
    if (words.some((w) => w.startsWith('omo'))) return 1
    if (p.toneKey.includes('omo')) return 2
    return 3
  }
  const ranks = data.map(rank)
  expect(ranks[0]).toBe(0)
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  expect(ranks).toContain(2)
})

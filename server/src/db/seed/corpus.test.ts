import { expect, test } from 'vitest'
import { LANGUAGE_SLUGS, type LanguageSlug } from '@core/shared/constants'
import { foldForSearch } from '@core/proverbs/search'
import { corpusRows, readCorpus } from './corpus'
import { corpusCounts, corpusProblems } from './corpus-rules'
import { CATEGORIES } from './groups'

const files = readCorpus()
const rows = corpusRows(files)

/**
 * The aim is 250 sourced proverbs a language. Where the sources reachable so far give fewer (see
 * server/src/db/README.md and ADR 029), the floor is what the file holds, so a change can add but never quietly lose.
 */
const AT_LEAST: Record<LanguageSlug, number> = {
  yoruba: 250,
  igbo: 150,
  hausa: 239,
  akan: 110,
  kiswahili: 250,
  zulu: 87,
  amharic: 159,
  'afan-oromo': 96,
}

test('there is one corpus file per language, each holding at least its floor, over a thousand in all', () => {
  expect(files.map((f) => f.language)).toEqual([...LANGUAGE_SLUGS])
  for (const file of files) expect(file.proverbs.length, file.language).toBeGreaterThanOrEqual(AT_LEAST[file.language as LanguageSlug])
  expect(rows.length).toBeGreaterThanOrEqual(1000)
})

test('the corpus rules find nothing: each language’s spelling, no repeats across languages, every entry complete and sourced', () => {
  expect(corpusProblems(files)).toEqual([])
  for (const { language, proverbs, sourced } of corpusCounts(files)) expect(sourced, language).toBe(proverbs)
})

test('a source’s explanation stays in the file for the rules: the rows that are seeded and served never carry it', () => {
  const kept = files.flatMap((f) => f.proverbs.flatMap((p) => p.sources)).filter((s) => s.explanation)
  expect(kept.length).toBeGreaterThan(100)
  expect(rows.flatMap((r) => r.sources).filter((s) => 'explanation' in s)).toEqual([])
  // The older spelling is shown, so it is seeded.
  expect(rows.flatMap((r) => r.sources).filter((s) => s.original).length).toBeGreaterThan(100)
})

test('every source is a page with an http(s) address or a book with its author and year', () => {
  for (const row of rows) {
    expect(row.sources.length, row.proverb).toBeGreaterThanOrEqual(1)
    for (const source of row.sources) {
      if (source.url) expect(source.url, row.proverb).toMatch(/^https?:\/\/[^\s]+$/)
      else expect([source.author, source.year], row.proverb).not.toContain(undefined)
    }
  }
})

test('every entry has its proverb, rendering, meaning and one to three known categories', () => {
  for (const row of rows) {
    expect(row.proverb.trim().length, row.slug).toBeGreaterThan(2)
    expect(row.transliteration.trim().length, row.proverb).toBeGreaterThan(2)
    expect(row.interpretation.trim().length, row.proverb).toBeGreaterThan(10)
    expect(row.categories.length, row.proverb).toBeGreaterThanOrEqual(1)
    expect(row.categories.length, row.proverb).toBeLessThanOrEqual(3)
    expect(new Set(row.categories).size, row.proverb).toBe(row.categories.length)
    for (const c of row.categories) expect(CATEGORIES, row.proverb).toContain(c)
  }
})

test('there are at least 12 categories and every one is used', () => {
  expect(CATEGORIES.length).toBeGreaterThanOrEqual(12)
  const used = new Set(rows.flatMap((r) => r.categories))
  for (const c of CATEGORIES) expect(used.has(c), c).toBe(true)
})

test('no proverb appears twice, not even as a tone variant of another, and slugs are unique', () => {
  const keys = rows.map((r) => `${r.language}:${r.toneKey}`)
  const dupes = keys.filter((k, i) => keys.indexOf(k) !== i)
  expect(dupes).toEqual([])
  expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length)
})

test('texts are stored in NFC with no stray whitespace', () => {
  for (const file of files) {
    for (const p of file.proverbs) {
      for (const text of [p.proverb, p.transliteration, p.interpretation]) {
        expect(text, text).toBe(text.normalize('NFC').trim())
        expect(text, text).not.toMatch(/\s{2,}/)
      }
    }
  }
})

const byLanguage = (slug: string) => files.find((f) => f.language === slug)!.proverbs

test('every Amharic proverb is written in Ethiopic script', () => {
  for (const { proverb } of byLanguage('amharic')) {
    expect(proverb, proverb).toMatch(/^[\u1200-\u139F\u2D80-\u2DDF\s።፣፤፥፦፧!?«»"“”'’().,-]+$/u)
    expect(proverb, proverb).toMatch(/[\u1200-\u137F]/u)
  }
})

test('Yoruba proverbs carry their tone marks and under-dots', () => {
  for (const { proverb } of byLanguage('yoruba')) {
    expect(foldForSearch(proverb), proverb).not.toBe(
      proverb
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim(),
    )
  }
  const all = byLanguage('yoruba')
    .map((p) => p.proverb.normalize('NFD'))
    .join(' ')
  expect(all).toMatch(/\u0323/) // under-dots (ẹ ọ ṣ)
  expect(all).toMatch(/[\u0300\u0301]/) // low and high tones
})

test('Igbo proverbs carry their dotted vowels or ṅ', () => {
  for (const { proverb } of byLanguage('igbo')) expect(proverb, proverb).toMatch(/[ịọụṅỊỌỤṄ]|\p{M}/u)
})

test('Akan proverbs use ɛ and ɔ, Hausa uses its hooked letters', () => {
  expect(byLanguage('akan').filter((p) => /[ɛɔƐƆ]/.test(p.proverb)).length).toBeGreaterThan(25)
  expect(byLanguage('hausa').some((p) => /[ɓɗƙƴƁƊƘƳ]/.test(p.proverb))).toBe(true)
})

test('Latin-script languages have no Ethiopic, and Afaan Oromo is written in Qubee', () => {
  for (const file of files.filter((f) => f.language !== 'amharic')) {
    for (const { proverb } of file.proverbs) expect(proverb, proverb).not.toMatch(/[\u1200-\u139F]/u)
  }
  for (const { proverb } of byLanguage('afan-oromo')) expect(proverb, proverb).toMatch(/^[A-Za-z'’\s,.;:!?-]+$/)
})

import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ProverbSource } from '@core/proverbs/contract'
import { foldForSearch, toneKey } from '@core/proverbs/search'
import { CATEGORIES, GROUPS } from './groups'

/**
 * Where a proverb is recorded (the contract's ProverbSource): a page's address, or a published collection.
 * `explanation` is the source's own English for the proverb, as printed: kept in the file only so that the
 * corpus rules can check that our meaning is not the source's (ADR 029), and never seeded or shown.
 */
export type CorpusSource = ProverbSource & { explanation?: string }

export type CorpusEntry = {
  proverb: string
  transliteration: string
  interpretation: string
  categories: string[]
  sources: CorpusSource[]
}

export type CorpusFile = { language: string; proverbs: CorpusEntry[] }

export const CORPUS_DIR = fileURLToPath(new URL('./corpus', import.meta.url))

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * A stable, URL-safe slug: the language, the first words in plain letters (none for Ethiopic), and a
 * short hash of the exact text so that proverbs differing only in tone marks get different slugs.
 */
export function proverbSlug(language: string, proverb: string): string {
  const words = slugify(toneKey(proverb)).split('-').filter(Boolean).slice(0, 6).join('-')
  const hash = createHash('sha256').update(proverb.normalize('NFC')).digest('hex').slice(0, 6)
  return [language, words, hash].filter(Boolean).join('-')
}

export function readCorpus(dir = CORPUS_DIR): CorpusFile[] {
  return GROUPS.map(({ slug }) => {
    const file = path.join(dir, `${slug}.json`)
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as CorpusFile
    if (parsed.language !== slug) throw new Error(`${file}: "language" must be "${slug}"`)
    return parsed
  })
}

export type SeedProverb = Omit<CorpusEntry, 'sources'> & {
  sources: ProverbSource[]
  language: string
  slug: string
  toneKey: string
  englishFolded: string
}

/** A source as it is seeded and shown: without the explanation the file keeps for its own checks. */
function shownSource(source: CorpusSource): ProverbSource {
  const shown = { ...source }
  delete shown.explanation
  return shown
}

export function corpusRows(files: CorpusFile[] = readCorpus()): SeedProverb[] {
  const known = new Set<string>(CATEGORIES)
  return files.flatMap(({ language, proverbs }) =>
    proverbs.map((entry) => {
      const unknown = entry.categories.filter((c) => !known.has(c))
      if (unknown.length) throw new Error(`${language}: unknown categories ${unknown.join(', ')} in "${entry.proverb}"`)
      const proverb = entry.proverb.normalize('NFC').trim()
      return {
        ...entry,
        proverb,
        sources: (entry.sources ?? []).map(shownSource),
        transliteration: entry.transliteration.trim(),
        interpretation: entry.interpretation.trim(),
        language,
        slug: proverbSlug(language, proverb),
        toneKey: toneKey(proverb),
        englishFolded: foldForSearch(`${entry.transliteration} ${entry.interpretation}`),
      }
    }),
  )
}

/** Shapes of the proverbs, peoples and categories the API answers (docs/requirements.md#r1-proverbs-and-peoples). */

export type EthnicGroup = {
  id: number
  name: string
  slug: string
  language: string
  /** Scroll background path (docs/requirements.md#r1-proverbs-and-peoples). */
  image: string | null
  proverbCount: number
  /** Who they are, for the people's page (the public groups list carries it). */
  about?: GroupAbout
}

/**
 * One of the reader's peoples as an offline pack: what keeping it takes (its proverbs and the bytes the download
 * stores) and its version, which changes whenever what the pack holds changes — a correction, a proverb added or
 * removed, a cousin or a source — and not when a like is counted (src/offline/pack-keeping.ts).
 */
export type PackSize = { groupId: number; proverbs: number; bytes: number; version: string; group: EthnicGroup }

/** A short introduction to a people, in our own words, with a public source a reader can check. */
export type GroupAbout = {
  /** Where they live, in a phrase. */
  homeland: string
  intro: string
  source: { title: string; url: string }
}

export type Category = {
  id: number
  name: string
  slug: string
  proverbCount: number
  /** One line on what the category gathers (the public list carries it for the built-in ones). */
  description?: string | null
}

export type CategoryPage = {
  content: Category[]
  page: number
  size: number
  totalPages: number
  totalElements: number
}

export type ProverbRef = { id: number; name: string; slug: string }

/**
 * Where a proverb is recorded: a public page a reader can open (`url`), or a published collection
 * (`author`, `title`, `year`, and `locator` — the page or number — where known). `original` is the proverb
 * as that source spells it, when the source writes an older orthography and the proverb is shown respelled.
 */
export type ProverbSource = { title: string; url?: string; author?: string; year?: number; locator?: string; original?: string }

/** A proverb of another people that says the same thing, as carried with each proverb (so it shows offline). */
export type CousinProverb = { id: number; slug: string; proverb: string; transliteration: string; ethnic: ProverbRef }

/** Proverbs of different peoples that share one thought: the thought in a line, and the other peoples' proverbs. */
export type ProverbCousins = { key: string; note: string; proverbs: CousinProverb[] }

/** A speaker of the language has checked the proverb: who, and when. */
export type SpeakerCheck = { name: string; at: string }

export type Proverb = {
  id: number
  slug: string
  proverb: string
  transliteration: string
  interpretation: string
  /** Proverbs that differ only in tone marks share this key. */
  toneKey: string
  ethnic: ProverbRef
  language: string
  image: string | null
  categories: ProverbRef[]
  likes: number
  /** Where it is recorded; every proverb of the corpus has at least one. */
  sources: ProverbSource[]
  /** The same thought among other peoples; null when none is linked. */
  cousins: ProverbCousins | null
  checkedBy: SpeakerCheck | null
}

/** One change to a proverb, for its page's history: a reader's correction accepted, an admin's edit, a speaker's check. */
export type ProverbChange = {
  at: string
  kind: 'correction' | 'edit' | 'checked'
  /** The fields that changed, in the words the page uses ("tone marks", "rendering", …). */
  fields: string[]
}

export type ProverbMarks = { favourites: number[]; likes: number[] }

/** What liking or unliking answers: the proverb's count after the change. */
export type LikeResult = { proverbId: number; liked: boolean; likes: number }

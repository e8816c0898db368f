import * as yup from 'yup'
import type { ProverbSource } from '../proverbs/contract'
import { foldForSearch } from '../proverbs/search'
import { freeText, MESSAGES } from '../shared/validation'
import { suggestionSchema, SUGGESTION_TEXT_MAX } from './validation'

/**
 * Corrections from readers: anyone may propose a better spelling, tone marks, rendering, meaning or source for a
 * published proverb. The form follows the suggestion rules (docs/requirements.md#r9-community: email and name required,
 * with its messages); admins accept or decline what is proposed.
 */

export const CORRECTION_SOURCE_MAX = 500
export const CORRECTION_NOTE_MAX = 2000

/** Typed prose, cleaned by the one sanitiser; a number or object sent for it fails rather than being read as text. */
const prose = (options: { lines?: boolean } = {}) =>
  freeText(options).test(
    'text',
    'Must be text',
    (_value, context) => context.originalValue == null || typeof context.originalValue === 'string',
  )

/** What the reader sends: who they are (as the suggestion form asks it), the three texts as they should read, a source to add, and why. */
export const correctionSchema = suggestionSchema.pick(['email', 'name']).shape({
  // Shown on one line, so a typed line break is a space.
  proverb: prose().required(MESSAGES.required).max(SUGGESTION_TEXT_MAX, `At most ${SUGGESTION_TEXT_MAX} characters`),
  transliteration: prose().required(MESSAGES.required).max(SUGGESTION_TEXT_MAX, `At most ${SUGGESTION_TEXT_MAX} characters`),
  interpretation: prose({ lines: true }).required(MESSAGES.required).max(SUGGESTION_TEXT_MAX, `At most ${SUGGESTION_TEXT_MAX} characters`),
  source: prose().max(CORRECTION_SOURCE_MAX, `At most ${CORRECTION_SOURCE_MAX} characters`).default(''),
  note: prose({ lines: true }).max(CORRECTION_NOTE_MAX, `At most ${CORRECTION_NOTE_MAX} characters`).default(''),
})
export type CorrectionInput = yup.InferType<typeof correctionSchema>

/** What an admin sends to accept: the texts as they will read (tidied if need be) and the source to add, if any. */
export const acceptCorrectionSchema = correctionSchema.pick(['proverb', 'transliteration', 'interpretation', 'source'])
export type AcceptCorrectionInput = yup.InferType<typeof acceptCorrectionSchema>

export const CORRECTION_TEXTS = {
  thanks: 'Thank you! Our editors will compare your correction with the sources and tell you what they decide.',
  nothingChanged: 'Nothing is corrected yet: change the proverb, its rendering or its meaning, or add a source.',
  notFound: 'No proverb has that address.',
  intro:
    'Seen a wrong letter or tone mark, a loose rendering or a meaning that misses? Correct it below: an editor checks every correction against the sources before it is published.',
  sourceHint: 'Where can the right version be read? A web address, or a book with its author, year and page (optional).',
  noteHint: 'What was wrong, and how do you know? (optional)',
  acceptedTitle: 'Your correction is published',
  acceptedBody: (proverb: string) => `Thank you: your correction to “${proverb}” is now in Òwe.`,
  declinedTitle: 'About the correction you sent',
  declinedBody: (proverb: string, reason: string) => `Your correction to “${proverb}” was not published: ${reason}`,
  declinedByEmail: (reason: string) => `The correction you sent to Òwe was not published: ${reason}`,
  notFoundAdmin: 'No correction has that id.',
  reviewed: (status: string) => `This correction has already been ${status}; it cannot be reviewed again.`,
  status: 'status must be pending, accepted or declined.',
  checkedName: 'Give the name of the speaker who checked it',
} as const

export type CorrectionField = 'proverb' | 'transliteration' | 'interpretation' | 'source'

/** The texts a correction compares. */
export type CorrectableTexts = { proverb: string; transliteration: string; interpretation: string }

/** How the page and the console name what a correction changes. */
export const CHANGE_LABELS = {
  spelling: 'spelling',
  toneMarks: 'tone marks',
  transliteration: 'rendering',
  interpretation: 'meaning',
  source: 'source',
} as const

/**
 * What a proposal changes, in the words readers use: the proverb's "tone marks" when only its marks
 * differ (same letters once they are set aside), its "spelling" otherwise; "rendering", "meaning", "source".
 */
export function changedFields(before: CorrectableTexts, after: CorrectableTexts & { source?: string }): string[] {
  const fields: string[] = []
  if (after.proverb !== before.proverb)
    fields.push(foldForSearch(after.proverb) === foldForSearch(before.proverb) ? CHANGE_LABELS.toneMarks : CHANGE_LABELS.spelling)
  if (after.transliteration !== before.transliteration) fields.push(CHANGE_LABELS.transliteration)
  if (after.interpretation !== before.interpretation) fields.push(CHANGE_LABELS.interpretation)
  if (after.source && after.source.trim()) fields.push(CHANGE_LABELS.source)
  return fields
}

export type DiffPart = { text: string; change: 'same' | 'removed' | 'added' }

/**
 * A word-by-word difference (longest common subsequence over words and the spaces between them), for the
 * console to show a proposal against the text it would replace. Tone marks count: "labọ̀" and "làbọ̀" differ.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = before.split(/(\s+)/).filter(Boolean)
  const b = after.split(/(\s+)/).filter(Boolean)
  const lengths = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1])
  }
  const parts: DiffPart[] = []
  const push = (text: string, change: DiffPart['change']) => {
    const last = parts[parts.length - 1]
    if (last && last.change === change) last.text += text
    else parts.push({ text, change })
  }
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push(a[i], 'same')
      i++
      j++
    } else if (lengths[i + 1][j] >= lengths[i][j + 1]) push(a[i++], 'removed')
    else push(b[j++], 'added')
  }
  while (i < a.length) push(a[i++], 'removed')
  while (j < b.length) push(b[j++], 'added')
  return parts
}

/**
 * A source as a reader types it, made a record: the first web address in it becomes the link and the rest
 * its title ("Postproverbial, Yoruba page 5 https://…"); text with no address is a book or collection's name.
 */
export function parseSource(typed: string): ProverbSource | null {
  const text = typed.trim()
  if (!text) return null
  const match = /https?:\/\/[^\s<>"]+/i.exec(text)
  if (!match) return { title: text }
  const url = match[0].replace(/[.,;:)]+$/, '')
  try {
    new URL(url)
  } catch {
    return { title: text }
  }
  const title = (text.slice(0, match.index) + text.slice(match.index + match[0].length))
    .replace(/\s*[—–-]\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
  return { title: title || new URL(url).hostname, url }
}

import { foldCharacter } from './search'

/** A piece of a text, marked when a search term matched it. */
export type Segment = { text: string; match: boolean }

type Folded = { text: string; /** For each folded character, the original [start, end) it came from. */ spans: [number, number][] }

/**
 * Folds text as foldForSearch does, remembering where each folded character came from: combining marks
 * and apostrophes join the character before them, so a highlight keeps "ọ̀" and "n'" whole.
 */
function foldWithSpans(text: string): Folded {
  let folded = ''
  const spans: [number, number][] = []
  let index = 0
  for (const char of text) {
    const start = index
    index += char.length
    const piece = foldCharacter(char)
    if (piece === '') {
      if (spans.length) spans[spans.length - 1][1] = index
      continue
    }
    for (const ch of piece) {
      if (ch === ' ' && (folded === '' || folded.endsWith(' '))) continue
      folded += ch
      spans.push([start, index])
    }
  }
  return { text: folded, spans }
}

const isBoundary = (text: string, at: number) => at < 0 || at >= text.length || text[at] === ' '

/**
 * Where each term matches in the folded text, the best way it matches there: whole words when there are
 * any, else starts of words, else inside words (as search ranks them).
 */
function termRanges(folded: string, term: string): [number, number][] {
  const found: { at: number; grade: number }[] = []
  for (let at = folded.indexOf(term); at >= 0; at = folded.indexOf(term, at + 1)) {
    const starts = isBoundary(folded, at - 1)
    const ends = isBoundary(folded, at + term.length)
    found.push({ at, grade: starts && ends ? 0 : starts ? 1 : 2 })
  }
  if (found.length === 0) return []
  const best = Math.min(...found.map((f) => f.grade))
  return found.filter((f) => f.grade === best).map((f) => [f.at, f.at + term.length])
}

/**
 * Splits a text into pieces, marking the characters the search terms (folded, from searchTerms) matched,
 * tone-insensitively: "omo" marks "ọmọ" in the original characters, tone marks included.
 */
export function highlightMatches(text: string, terms: readonly string[]): Segment[] {
  if (terms.length === 0 || text === '') return text ? [{ text, match: false }] : []
  const { text: folded, spans } = foldWithSpans(text)
  const marked = new Array<boolean>(text.length).fill(false)
  for (const term of terms) {
    if (!term) continue
    for (const [from, to] of termRanges(folded, term)) {
      for (let i = spans[from][0]; i < spans[to - 1][1]; i++) marked[i] = true
    }
  }
  const segments: Segment[] = []
  for (let i = 0; i < text.length; i++) {
    const last = segments[segments.length - 1]
    if (last && last.match === marked[i]) last.text += text[i]
    else segments.push({ text: text[i], match: marked[i] })
  }
  return segments
}

/** Does any term match inside this text (folded)? */
export function hasMatch(text: string, terms: readonly string[]): boolean {
  return highlightMatches(text, terms).some((s) => s.match)
}

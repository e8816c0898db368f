/**
 * THE sanitiser for text a person types (names, addresses, suggestions, messages, everything admins
 * write). Every free-text field of every form goes through it at the API boundary (the yup schemas'
 * `freeText()` in validation.ts); React's escaping stays the second line of defence.
 *
 * - NFC, so the same letters are always the same code points (search and slugs rely on it);
 * - markup removed the way a browser would read it: a complete tag goes, and so does an unclosed one
 *   (`<img src=x onerror=…` to the end of the text, which a browser would swallow too); a `<` that cannot
 *   open a tag ("a < b", "<3") stays;
 * - bidirectional overrides and isolates removed (they make a name on the leaderboard read backwards);
 * - line breaks: CRLF and CR become LF where the text has lines; elsewhere every run of white space is
 *   one space;
 * - trimmed.
 * Control characters other than line breaks and tabs are refused before this runs (http/validate.ts).
 */

/** What an HTML parser reads as the start of markup: `<` and a letter, `/`, `!` or `?`, up to `>` or the end. */
const TAG = /<[a-zA-Z/!?][^>]*(?:>|$)/g
/** LRE, RLE, PDF, LRO, RLO and the isolates LRI, RLI, FSI, PDI. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g

export type CleanTextOptions = {
  /** The text keeps its line breaks (a meaning, a message); otherwise it is one line. */
  lines?: boolean
}

/** A run of `<` that would open a tag. */
const TAG_OPENERS = /<+(?=[a-zA-Z/!?])/g
/** Enough for any nesting a person types; a text built to need more is ended as below. */
const MAX_PASSES = 5

/** Markup removed as a browser reads it, text kept; unclosed tags too. */
export function removeMarkup(value: string): string {
  let text = value
  // Removing one tag can join the text around it into another ("<<b>img …>"): repeat until none is left.
  for (let pass = 0, previous = ''; previous !== text; pass++) {
    // A text made to need a pass per character ("<<<…b>b>b>") would take quadratic time: after a few
    // passes every `<` that could still open a tag goes, which leaves none.
    if (pass === MAX_PASSES) return text.replace(TAG_OPENERS, '')
    previous = text
    text = text.replace(TAG, '')
  }
  return text
}

/**
 * Removes HTML tags, keeping their text (docs/requirements.md#r16-display-helpers); what the server stores went through
 * cleanText.
 */
export function stripHtml(text: string): string {
  return removeMarkup(text)
}

export function cleanText(value: string, { lines = false }: CleanTextOptions = {}): string {
  let text = removeMarkup(value.normalize('NFC').replace(/\r\n?/g, '\n'))
  text = text.replace(BIDI_CONTROLS, '')
  text = lines
    ? text
        .split('\n')
        .map((line) => line.replace(/[ \t]+$/, ''))
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
    : text.replace(/\s+/g, ' ')
  return text.trim()
}

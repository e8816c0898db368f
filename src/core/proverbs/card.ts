import type { Proverb } from './contract'

/**
 * A proverb's card, the picture a link preview shows and the device shares: one layout, drawn as SVG on the
 * server (server/src/features/previews/card.ts) and on a canvas in the app (src/features/proverbs/share-card.ts).
 */
export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

export type CardText = Pick<Proverb, 'slug' | 'proverb' | 'transliteration'> & { ethnic: Pick<Proverb['ethnic'], 'name' | 'slug'> }

/** A line's width in pixels at `size`, bold or not, in the proverb's font or the plain one, as the drawing surface measures it. */
export type Measure = (text: string, size: number, bold: boolean, font: CardFont) => number

export type CardFont = 'proverb' | 'plain'

/** One line of the card, placed by its baseline's left end. */
export type CardLine = { text: string; x: number; y: number; size: number; bold: boolean; font: CardFont; colour: string }

export const CARD_COLOURS = {
  page: '#f3eee3',
  panel: '#101631',
  panelOpacity: 0.86,
  proverb: '#ffffff',
  rendering: '#e8e6f2',
  people: '#f3c969',
}
export const CARD_PANEL = { x: 60, y: 50, width: 1080, height: 470, radius: 24, padding: 56 }

const ETHIOPIC = /\p{Script=Ethiopic}/u

/** Whether the proverb is written in Ethiopic script (drawn in Noto Sans Ethiopic). */
export const isEthiopic = (text: string) => ETHIOPIC.test(text)

/** "a Yoruba proverb", "an Igbo proverb". */
export const proverbOfPeople = (name: string) => `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name} proverb`

/** Words into lines no wider than `maxWidth`; past `maxLines` the last line kept ends with "…". */
export function wrap(
  text: string,
  size: number,
  bold: boolean,
  maxWidth: number,
  maxLines: number,
  measure: Measure,
  font: CardFont = 'plain',
): { lines: string[]; cut: boolean } {
  const fits = (line: string) => measure(line, size, bold, font) <= maxWidth
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (fits(candidate) || !line) line = candidate
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return { lines, cut: false }
  const kept = lines.slice(0, maxLines)
  let last = kept[maxLines - 1]
  while (last.includes(' ') && !fits(`${last}…`)) last = last.slice(0, last.lastIndexOf(' '))
  kept[maxLines - 1] = `${last.replace(/[\s,;:.–—-]+$/, '')}…`
  return { lines: kept, cut: true }
}

const PROVERB_SIZES = [64, 58, 52, 46, 40, 36]
const RENDERING_SIZES = [34, 30, 27]
const LEADING = { proverb: 1.25, rendering: 1.3, gap: 2 }

/** The largest sizes at which the proverb (four lines at most) and its rendering (three) fit whole in `height`. */
function sizes(proverb: string, rendering: string, width: number, height: number, measure: Measure) {
  const tall = (lines: number, size: number, leading: number) => size + (lines - 1) * size * leading
  for (const size of PROVERB_SIZES) {
    const words = wrap(proverb, size, true, width, 4, measure, 'proverb')
    if (words.cut) continue
    for (const small of RENDERING_SIZES) {
      const under = wrap(rendering, small, false, width, 3, measure)
      if (under.cut) continue
      const total =
        tall(words.lines.length, size, LEADING.proverb) + small * LEADING.gap + tall(under.lines.length, small, LEADING.rendering) - small
      if (total <= height) return { proverb: { size, lines: words.lines }, rendering: { size: small, lines: under.lines } }
    }
  }
  // Too long for any size: the smallest, cut with "…".
  const size = PROVERB_SIZES[PROVERB_SIZES.length - 1]
  const small = RENDERING_SIZES[RENDERING_SIZES.length - 1]
  return {
    proverb: { size, lines: wrap(proverb, size, true, width, 4, measure, 'proverb').lines },
    rendering: { size: small, lines: wrap(rendering, small, false, width, 2, measure).lines },
  }
}

/**
 * Every line of the card in place: the proverb in its own script as large as fits, its rendering in quotes,
 * and whose proverb it is with the site's name, on a dark panel over the people's scroll art.
 */
export function cardLines(proverb: CardText, siteName: string, measure: Measure): CardLine[] {
  const panel = CARD_PANEL
  const width = panel.width - 2 * panel.padding
  const x = panel.x + panel.padding
  const footerY = panel.y + panel.height - panel.padding + 10
  const top = panel.y + panel.padding
  const laid = sizes(proverb.proverb.normalize('NFC'), `“${proverb.transliteration.normalize('NFC')}”`, width, footerY - 60 - top, measure)
  const lines: CardLine[] = []
  let y = top + laid.proverb.size
  laid.proverb.lines.forEach((text, index) => {
    lines.push({
      text,
      x,
      y: y + index * laid.proverb.size * LEADING.proverb,
      size: laid.proverb.size,
      bold: true,
      font: 'proverb',
      colour: CARD_COLOURS.proverb,
    })
  })
  y += (laid.proverb.lines.length - 1) * laid.proverb.size * LEADING.proverb + laid.rendering.size * LEADING.gap
  laid.rendering.lines.forEach((text, index) => {
    lines.push({
      text,
      x,
      y: y + index * laid.rendering.size * LEADING.rendering,
      size: laid.rendering.size,
      bold: false,
      font: 'plain',
      colour: CARD_COLOURS.rendering,
    })
  })
  const people = proverbOfPeople(proverb.ethnic.name)
  lines.push({
    text: `${people[0].toUpperCase()}${people.slice(1)} · ${siteName}`,
    x,
    y: footerY,
    size: 30,
    bold: true,
    font: 'plain',
    colour: CARD_COLOURS.people,
  })
  return lines
}

import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import type { Proverb } from '@core/proverbs/contract'
import { SITE_NAME } from '@core/shared/pages'

/** A link preview's picture, the size Open Graph and X show large. */
export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630
/** Bumped when the drawing changes, so every card's address changes with it. */
const CARD_VERSION = 1

export type CardText = Pick<Proverb, 'slug' | 'proverb' | 'transliteration'> & { ethnic: Pick<Proverb['ethnic'], 'name' | 'slug'> }

/** The card's own address: it changes whenever what it shows changes, so it can be kept for a year. */
export function cardHash(proverb: CardText): string {
  const drawn = [CARD_VERSION, proverb.proverb, proverb.transliteration, proverb.ethnic.name, proverb.ethnic.slug].join('\u0000')
  return createHash('sha256').update(drawn).digest('hex').slice(0, 12)
}

export const cardPath = (proverb: CardText) => `/previews/${proverb.slug}.${cardHash(proverb)}.png`

/** `/previews/{slug}.{hash}.png`, or undefined for anything else. */
export function parseCardFile(file: string): { slug: string; hash: string } | undefined {
  const match = /^([a-z0-9][a-z0-9-]{0,199})\.([0-9a-f]{12})\.png$/.exec(file)
  return match ? { slug: match[1], hash: match[2] } : undefined
}

// The fonts the app shows proverbs in (Noto Sans, Noto Sans Ethiopic), as TrueType files the renderer reads.
const require = createRequire(import.meta.url)
export const CARD_FONTS = [
  require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-ethiopic/400Regular/NotoSansEthiopic_400Regular.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-ethiopic/700Bold/NotoSansEthiopic_700Bold.ttf'),
]

const ETHIOPIC = /\p{Script=Ethiopic}/u

/** "a Yoruba proverb", "an Igbo proverb". */
export const proverbOfPeople = (name: string) => `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name} proverb`

/**
 * A line's width in ems, estimated from Noto Sans's advances (combining marks take none): wide enough never to
 * overflow, since the renderer does not wrap.
 */
export function emWidth(text: string): number {
  let width = 0
  for (const char of text.normalize('NFC')) {
    if (/\p{M}/u.test(char)) continue
    if (ETHIOPIC.test(char)) width += 0.95
    else if (char === ' ') width += 0.26
    else if (/[A-Z]/.test(char)) width += 0.68
    else if (/[mwMW—]/.test(char)) width += 0.9
    else if (/[ilj.,;:'’!|]/.test(char)) width += 0.3
    else width += 0.58
  }
  return width
}

/** Words into lines no wider than `max` ems; the last line kept ends with "…" when there is more. */
export function wrap(text: string, fontSize: number, maxWidth: number, maxLines: number): { lines: string[]; cut: boolean } {
  const maxEms = maxWidth / fontSize
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (emWidth(candidate) <= maxEms || !line) line = candidate
    else {
      lines.push(line)
      line = word
    }
  }
  if (line) lines.push(line)
  if (lines.length <= maxLines) return { lines, cut: false }
  const kept = lines.slice(0, maxLines)
  let last = kept[maxLines - 1]
  while (last.includes(' ') && emWidth(`${last}…`) > maxEms) last = last.slice(0, last.lastIndexOf(' '))
  kept[maxLines - 1] = `${last.replace(/[\s,;:.–—-]+$/, '')}…`
  return { lines: kept, cut: true }
}

const PROVERB_SIZES = [64, 58, 52, 46, 40, 36]
const RENDERING_SIZES = [34, 30, 27]
const lineHeight = { proverb: 1.25, rendering: 1.3, gap: 2 }

/**
 * The largest sizes at which the proverb (up to four lines) and its rendering (up to three) fit whole in
 * `height`; failing that, the smallest, cut with "…".
 */
export function layout(proverb: string, rendering: string, width: number, height: number) {
  const tall = (lines: number, size: number, leading: number) => size + (lines - 1) * size * leading
  for (const size of PROVERB_SIZES) {
    const words = wrap(proverb, size, width, 4)
    if (words.cut) continue
    for (const small of RENDERING_SIZES) {
      const under = wrap(rendering, small, width, 3)
      if (under.cut) continue
      const total =
        tall(words.lines.length, size, lineHeight.proverb) +
        small * lineHeight.gap +
        tall(under.lines.length, small, lineHeight.rendering) -
        small
      if (total <= height) return { proverb: { size, lines: words.lines }, rendering: { size: small, lines: under.lines } }
    }
  }
  const size = PROVERB_SIZES[PROVERB_SIZES.length - 1]
  const small = RENDERING_SIZES[RENDERING_SIZES.length - 1]
  return {
    proverb: { size, lines: wrap(proverb, size, width, 4).lines },
    rendering: { size: small, lines: wrap(rendering, small, width, 2).lines },
  }
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

const PANEL = { x: 60, y: 50, width: 1080, height: 470, padding: 56 }

/**
 * The card as SVG: the people's scroll art behind a dark panel, the proverb in its own script (largest
 * that fits four lines), its rendering (up to three lines), and whose proverb it is.
 */
export function cardSvg(proverb: CardText, scrollJpeg: Buffer | undefined): string {
  const textWidth = PANEL.width - 2 * PANEL.padding
  const footerY = PANEL.y + PANEL.height - PANEL.padding + 10
  const ethiopic = ETHIOPIC.test(proverb.proverb)
  const { proverb: words, rendering } = layout(
    proverb.proverb.normalize('NFC'),
    `“${proverb.transliteration.normalize('NFC')}”`,
    textWidth,
    footerY - 60 - (PANEL.y + PANEL.padding),
  )
  const x = PANEL.x + PANEL.padding
  let y = PANEL.y + PANEL.padding + words.size
  const proverbLines = words.lines.map((line, index) => {
    const at = y + index * words.size * lineHeight.proverb
    return `<text x="${x}" y="${at}" font-family="${ethiopic ? 'Noto Sans Ethiopic' : 'Noto Sans'}" font-weight="700" font-size="${words.size}" fill="#ffffff">${escapeXml(line)}</text>`
  })
  y += (words.lines.length - 1) * words.size * lineHeight.proverb + rendering.size * lineHeight.gap
  const renderingLines = rendering.lines.map(
    (line, index) =>
      `<text x="${x}" y="${y + index * rendering.size * lineHeight.rendering}" font-family="Noto Sans" font-size="${rendering.size}" fill="#e8e6f2">${escapeXml(line)}</text>`,
  )
  const background = scrollJpeg
    ? `<image href="data:image/jpeg;base64,${scrollJpeg.toString('base64')}" x="0" y="0" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" preserveAspectRatio="xMidYMid slice"/>`
    : `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#f3eee3"/>`
  const footer = `<text x="${x}" y="${footerY}" font-family="Noto Sans" font-weight="700" font-size="30" fill="#f3c969">${escapeXml(`${proverbOfPeople(proverb.ethnic.name).replace(/^a/, 'A')} · ${SITE_NAME}`)}</text>`
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    background,
    `<rect x="${PANEL.x}" y="${PANEL.y}" width="${PANEL.width}" height="${PANEL.height}" rx="24" fill="#101631" fill-opacity="0.86"/>`,
    ...proverbLines,
    ...renderingLines,
    footer,
    '</svg>',
  ].join('\n')
}

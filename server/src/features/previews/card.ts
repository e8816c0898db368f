import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import { CARD_COLOURS, CARD_HEIGHT, CARD_PANEL, CARD_WIDTH, cardLines, isEthiopic, type CardText, type Measure } from '@core/proverbs/card'
import { SITE_NAME } from '@core/shared/pages'

/** Bumped when the drawing changes, so every card's address changes with it. */
const CARD_VERSION = 1

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

/**
 * A line's width in ems, estimated from Noto Sans's advances (combining marks take none): generous, so a
 * line never overflows, since SVG text does not wrap and the server has no layout engine to ask.
 */
export function emWidth(text: string): number {
  let width = 0
  for (const char of text.normalize('NFC')) {
    if (/\p{M}/u.test(char)) continue
    if (isEthiopic(char)) width += 0.95
    else if (char === ' ') width += 0.26
    else if (/[A-Z]/.test(char)) width += 0.68
    else if (/[mwMW—]/.test(char)) width += 0.9
    else if (/[ilj.,;:'’!|]/.test(char)) width += 0.3
    else width += 0.58
  }
  return width
}

const estimate: Measure = (text, size, bold) => emWidth(text) * size * (bold ? 1.05 : 1)

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

/** The card as SVG, its lines laid out by the layout the app's canvas uses too (src/core/proverbs/card.ts). */
export function cardSvg(proverb: CardText, scrollJpeg: Buffer | undefined): string {
  const proverbFont = isEthiopic(proverb.proverb) ? 'Noto Sans Ethiopic' : 'Noto Sans'
  const background = scrollJpeg
    ? `<image href="data:image/jpeg;base64,${scrollJpeg.toString('base64')}" x="0" y="0" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" preserveAspectRatio="xMidYMid slice"/>`
    : `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${CARD_COLOURS.page}"/>`
  const panel = CARD_PANEL
  const lines = cardLines(proverb, SITE_NAME, estimate).map(
    (line) =>
      `<text x="${line.x}" y="${line.y}" font-family="${line.font === 'proverb' ? proverbFont : 'Noto Sans'}"${line.bold ? ' font-weight="700"' : ''} font-size="${line.size}" fill="${line.colour}">${escapeXml(line.text)}</text>`,
  )
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    background,
    `<rect x="${panel.x}" y="${panel.y}" width="${panel.width}" height="${panel.height}" rx="${panel.radius}" fill="${CARD_COLOURS.panel}" fill-opacity="${CARD_COLOURS.panelOpacity}"/>`,
    ...lines,
    '</svg>',
  ].join('\n')
}

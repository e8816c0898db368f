import { renderAsync } from '@resvg/resvg-js'
import { expect, test } from 'vitest'
import { CARD_FONTS, cardHash, cardPath, cardSvg, emWidth, parseCardFile } from './card'

const amharic = {
  slug: 'yaltertere-temenetere',
  proverb: 'ያልጠረጠረ ተመነጠረ',
  transliteration: 'Whoever suspected nothing was plucked out.',
  ethnic: { name: 'Amhara', slug: 'amharic' },
}

test('a card’s address changes with what it draws, and only that address is read back', () => {
  expect(cardPath(amharic)).toMatch(/^\/previews\/yaltertere-temenetere\.[0-9a-f]{12}\.png$/)
  expect(cardHash({ ...amharic, transliteration: 'Another rendering.' })).not.toBe(cardHash(amharic))
  expect(parseCardFile(cardPath(amharic).slice('/previews/'.length))).toEqual({ slug: amharic.slug, hash: cardHash(amharic) })
  for (const bad of ['x.png', 'slug.0123456789ab.jpg', '../etc.0123456789ab.png', 'Slug.0123456789ab.png', 'slug.0123456789AB.png']) {
    expect(parseCardFile(bad), bad).toBeUndefined()
  }
})

test('widths count letters, not the tone marks and dots on them; Ethiopic is wider', () => {
  expect(emWidth('ẹ̀')).toBe(emWidth('e'))
  expect(emWidth('ሀ')).toBeGreaterThan(emWidth('a'))
})

test('the SVG escapes what it quotes and names the people', () => {
  const svg = cardSvg({ ...amharic, transliteration: 'A <b> & "c"' }, undefined)
  expect(svg).toContain('“A &lt;b&gt; &amp; &quot;c&quot;”')
  expect(svg).toContain('An Amhara proverb · Òwe')
  expect(svg).toContain('font-family="Noto Sans Ethiopic"')
})

test('the Ethiopic proverb is drawn with the Ethiopic font: without it the card is not the same picture', async () => {
  const svg = cardSvg(amharic, undefined)
  const withFonts = (
    await renderAsync(svg, { font: { loadSystemFonts: false, fontFiles: CARD_FONTS, defaultFontFamily: 'Noto Sans' } })
  ).asPng()
  const latinOnly = (
    await renderAsync(svg, {
      font: { loadSystemFonts: false, fontFiles: CARD_FONTS.filter((f) => !f.includes('Ethiopic')), defaultFontFamily: 'Noto Sans' },
    })
  ).asPng()
  expect(withFonts.readUInt32BE(16)).toBe(1200)
  expect(withFonts.readUInt32BE(20)).toBe(630)
  expect(Buffer.compare(withFonts, latinOnly)).not.toBe(0)
})

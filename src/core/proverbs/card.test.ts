import { expect, test } from 'vitest'
import { CARD_PANEL, cardLines, proverbOfPeople, wrap, type Measure } from './card'

// A fixed-width stand-in for a drawing surface: every character 0.6 em (the card's own fonts are measured in the browser journeys).
const monospace: Measure = (text, size) => [...text].length * size * 0.6

test('text wraps at words and is cut with an ellipsis past its lines', () => {
  expect(wrap('one two three', 10, false, 1000, 2, monospace)).toEqual({ lines: ['one two three'], cut: false })
  const narrow = wrap('one two three four five six seven', 10, false, 60, 2, monospace)
  expect(narrow.cut).toBe(true)
  expect(narrow.lines).toHaveLength(2)
  expect(narrow.lines[1].endsWith('…')).toBe(true)
  // A word longer than the line stands alone rather than vanishing.
  expect(wrap('incomprehensibilities', 40, false, 100, 2, monospace).lines).toEqual(['incomprehensibilities'])
})

const card = (proverb: string, transliteration: string) =>
  cardLines({ slug: 's', proverb, transliteration, ethnic: { name: 'Igbo', slug: 'igbo' } }, 'Òwe', monospace)

test('a short proverb is drawn large; a long one smaller; every line stays inside the panel', () => {
  const short = card('Ezi okwu bụ ndụ', 'Truth is life.')
  expect(short[0]).toMatchObject({ text: 'Ezi okwu bụ ndụ', size: 64, bold: true, font: 'proverb' })
  expect(short[1]).toMatchObject({ text: '“Truth is life.”', font: 'plain' })
  const long = card('word '.repeat(40).trim(), 'rendering '.repeat(30).trim())
  expect(long[0].size).toBeLessThan(64)
  for (const line of [...short, ...long]) {
    expect(monospace(line.text, line.size, line.bold, line.font)).toBeLessThanOrEqual(CARD_PANEL.width - 2 * CARD_PANEL.padding)
    expect(line.y).toBeLessThan(CARD_PANEL.y + CARD_PANEL.height)
    expect(line.y - line.size).toBeGreaterThan(CARD_PANEL.y)
  }
  // Lines never overlap: each baseline below the one before.
  for (let i = 1; i < long.length; i++) expect(long[i].y).toBeGreaterThan(long[i - 1].y)
})

test('the last line names the people, with the right article, and the site', () => {
  expect(card('Ezi okwu bụ ndụ', 'Truth is life.').at(-1)?.text).toBe('An Igbo proverb · Òwe')
  expect(proverbOfPeople('Yoruba')).toBe('a Yoruba proverb')
  expect(proverbOfPeople('Amhara')).toBe('an Amhara proverb')
})

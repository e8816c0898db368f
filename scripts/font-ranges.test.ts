import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import * as hb from 'harfbuzzjs'
import { expect, test } from 'vitest'
import {
  AFRICAN_LETTERS,
  COMBINING_MARKS,
  LATIN_EXT_RANGE,
  parseRangeText,
  rangeText,
  toRanges,
  withoutCodePoints,
  type Range,
} from './font-ranges.mjs'

const root = join(import.meta.dirname, '..')
const decompress = createRequire(import.meta.url)('wawoff2/decompress.js') as (woff2: Uint8Array) => Promise<Uint8Array>

type Face = { family: string; weight: number; src: string; ranges: Range[] }

/** The @font-face rules of src/app/fonts.css. */
function faces(): Face[] {
  const css = readFileSync(join(root, 'src/app/fonts.css'), 'utf8')
  return [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, body]) => ({
    family: /font-family: '([^']+)'/.exec(body)![1],
    weight: Number(/font-weight: (\d+)/.exec(body)![1]),
    src: /src: url\('([^']+)'\)/.exec(body)![1],
    ranges: parseRangeText(/unicode-range:([^;]+);/.exec(body)![1].replace(/\s+/g, ' ')),
  }))
}

const covers = (ranges: Range[], point: number) => ranges.some(([start, end]) => point >= start && point <= end)
const file = (face: Face) => face.src.split('/').pop()!

test('ranges are merged and subtracted as CSS writes them', () => {
  expect(rangeText(toRanges([0x0254, 0x0253, 0x025b, 0x0101, 0x0100]))).toBe('U+0100-0101, U+0253-0254, U+025B')
  expect(withoutCodePoints([[0x0100, 0x0105]], [0x0100, 0x0103])).toEqual([
    [0x0101, 0x0102],
    [0x0104, 0x0105],
  ])
  expect(parseRangeText('U+0100-0101, U+025B')).toEqual([
    [0x0100, 0x0101],
    [0x025b, 0x025b],
  ])
})

test('fonts.css is what scripts/make-fonts.mjs writes: our cut and the rest of latin-ext never claim the same letter', () => {
  for (const weight of [400, 700]) {
    const ours = faces().find((f) => f.weight === weight && file(f) === `noto-sans-african-${weight}.woff2`)!
    const rest = faces().find((f) => f.weight === weight && file(f) === `noto-sans-latin-ext-${weight}-normal.woff2`)!
    expect(ours.ranges).toEqual(toRanges(AFRICAN_LETTERS))
    expect(rest.ranges).toEqual(withoutCodePoints(LATIN_EXT_RANGE, AFRICAN_LETTERS))
  }
})

test('the cut holds a glyph for every letter and mark it is made for, regular and bold', async () => {
  for (const weight of [400, 700]) {
    const sfnt = await decompress(readFileSync(join(root, `src/app/fonts/noto-sans-african-${weight}.woff2`)))
    const face = new hb.Face(new hb.Blob(sfnt))
    const held = new Set(face.collectUnicodes())
    const missing = [...AFRICAN_LETTERS, ...COMBINING_MARKS].filter((point) => !held.has(point))
    expect(missing.map((point) => String.fromCodePoint(point))).toEqual([])
  }
})

/** Every string in a JSON file. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

test('no letter of the corpus needs the whole latin-ext file, and every one has a Noto face', () => {
  const dir = join(root, 'server/src/db/seed/corpus')
  const points = new Set<number>()
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.json')))
    for (const text of strings(JSON.parse(readFileSync(join(dir, name), 'utf8')))) for (const char of text) points.add(char.codePointAt(0)!)
  const regular = faces().filter((f) => f.weight === 400)
  const latinExt = regular.find((f) => file(f).startsWith('noto-sans-latin-ext'))!
  const needingLatinExt = [...points].filter((point) => covers(latinExt.ranges, point))
  const uncovered = [...points].filter((point) => point > 0x7f && !regular.some((f) => covers(f.ranges, point)))
  expect(needingLatinExt.map((point) => String.fromCodePoint(point))).toEqual([])
  expect(uncovered.map((point) => String.fromCodePoint(point))).toEqual([])
})

// Which characters Òwe's own Noto Sans cut holds (scripts/make-fonts.mjs), and the unicode-range
// arithmetic that keeps it and the rest of latin-ext apart. Pure: the unit test reads the same lists.

/** Noto Sans's latin-ext subset as Google Fonts and @fontsource split it (its unicode-range). */
export const LATIN_EXT_RANGE = [
  [0x0100, 0x02ba],
  [0x02bd, 0x02c5],
  [0x02c7, 0x02cc],
  [0x02ce, 0x02d7],
  [0x02dd, 0x02ff],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x1d00, 0x1dbf],
  [0x1e00, 0x1e9f],
  [0x1ef2, 0x1eff],
  [0x2020, 0x2020],
  [0x20a0, 0x20ab],
  [0x20ad, 0x20c0],
  [0x2113, 0x2113],
  [0x2c60, 0x2c7f],
  [0xa720, 0xa7ff],
]

const pair = (upper, lower) => [upper, lower]

/**
 * The letters of our languages' alphabets (and tone-marked letters) that fall in latin-ext, capital and
 * small. Basic Latin and Latin-1 (á à é è ó ò…) are in the latin file; ẹ ọ ị ụ and the combining grave,
 * acute and dot below are in the "vietnamese" file. docs/requirements.md#r1-proverbs-and-peoples names the languages.
 */
export const AFRICAN_LETTERS = [
  // Akan (Twi, Fante) and Ga: open e, open o, eng.
  ...pair(0x0190, 0x025b), // Ɛ ɛ
  ...pair(0x0186, 0x0254), // Ɔ ɔ
  ...pair(0x014a, 0x014b), // Ŋ ŋ
  // Hausa (boko): hooked b, d, k and y.
  ...pair(0x0181, 0x0253), // Ɓ ɓ
  ...pair(0x018a, 0x0257), // Ɗ ɗ
  ...pair(0x0198, 0x0199), // Ƙ ƙ
  ...pair(0x01b3, 0x01b4), // Ƴ ƴ
  // Yoruba: s with dot below; syllabic n and m with high, low and rising tone.
  ...pair(0x1e62, 0x1e63), // Ṣ ṣ
  ...pair(0x0143, 0x0144), // Ń ń
  ...pair(0x01f8, 0x01f9), // Ǹ ǹ
  ...pair(0x1e3e, 0x1e3f), // Ḿ ḿ
  ...pair(0x0147, 0x0148), // Ň ň
  // Igbo: n with dot above.
  ...pair(0x1e44, 0x1e45), // Ṅ ṅ
  // Mid tone (macron) and rising tone (caron) on vowels, as Yoruba and Igbo texts mark them.
  ...pair(0x0100, 0x0101), // Ā ā
  ...pair(0x0112, 0x0113), // Ē ē
  ...pair(0x012a, 0x012b), // Ī ī
  ...pair(0x014c, 0x014d), // Ō ō
  ...pair(0x016a, 0x016b), // Ū ū
  ...pair(0x01cd, 0x01ce), // Ǎ ǎ
  ...pair(0x011a, 0x011b), // Ě ě
  ...pair(0x01cf, 0x01d0), // Ǐ ǐ
  ...pair(0x01d1, 0x01d2), // Ǒ ǒ
  ...pair(0x01d3, 0x01d4), // Ǔ ǔ
  // Mid tone over a dotted vowel (ọ̄ ụ̄ ị̄, as Igbo texts mark it) has no precomposed letter: the combining macron,
  // claimed here so such a proverb does not fetch the whole latin-ext file for one mark.
  0x0304,
  // Arabic loanwords as Kiswahili notes transliterate them (sawāḥil).
  ...pair(0x1e24, 0x1e25), // Ḥ ḥ
  // The naira and the cedi.
  0x20a6, // ₦
  0x20b5, // ₵
]

/**
 * Combining marks kept in the cut (those latin-ext's file holds) so a tone mark over ɛ, ɔ or ṣ is placed by
 * the same font's mark positioning. Other files claim them in CSS, so they are not in the cut's range.
 */
export const COMBINING_MARKS = [0x0300, 0x0301, 0x0303, 0x0304, 0x0308, 0x0323, 0x0329]

/** Sorted, merged [start, end] ranges of the code points. */
export function toRanges(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b)
  const ranges = []
  for (const point of sorted) {
    const last = ranges[ranges.length - 1]
    if (last && point === last[1] + 1) last[1] = point
    else ranges.push([point, point])
  }
  return ranges
}

/** The ranges with the code points taken out. */
export function withoutCodePoints(ranges, codePoints) {
  const out = new Set(codePoints)
  const kept = []
  for (const [start, end] of ranges) for (let point = start; point <= end; point++) if (!out.has(point)) kept.push(point)
  return toRanges(kept)
}

const hex = (point) => point.toString(16).toUpperCase().padStart(4, '0')

/** CSS unicode-range text: U+0100, U+0102-0111, … */
export function rangeText(ranges) {
  return ranges.map(([start, end]) => (start === end ? `U+${hex(start)}` : `U+${hex(start)}-${hex(end)}`)).join(', ')
}

/** Parses CSS unicode-range text back into ranges. */
export function parseRangeText(text) {
  return text.split(',').map((part) => {
    const [start, end = start] = part.trim().replace(/^U\+/i, '').split('-')
    return [parseInt(start, 16), parseInt(end, 16)]
  })
}

function face(weight, src, ranges) {
  return `@font-face {
  font-family: 'Noto Sans';
  font-style: normal;
  font-weight: ${weight};
  font-display: optional;
  src: url('${src}') format('woff2');
  unicode-range: ${rangeText(ranges)};
}
`
}

/** The @font-face rules for the rest of latin-ext and for our cut, regular and bold. */
export function fontFaceRules() {
  const rest = withoutCodePoints(LATIN_EXT_RANGE, AFRICAN_LETTERS)
  const ours = toRanges(AFRICAN_LETTERS)
  return [400, 700]
    .flatMap((weight) => [
      face(weight, `@fontsource/noto-sans/files/noto-sans-latin-ext-${weight}-normal.woff2`, rest),
      face(weight, `./fonts/noto-sans-african-${weight}.woff2`, ours),
    ])
    .join('\n')
}

#!/usr/bin/env node
// Cuts the letters our languages take from Noto Sans's latin-ext subset into a small font of their own
// (src/app/fonts/noto-sans-african-{400,700}.woff2), and writes the @font-face rules for it and for the
// rest of latin-ext into src/app/fonts.css between its "make-fonts" markers. A Yoruba or Hausa page then
// fetches a few kilobytes for ṣ, ɓ or ƙ, not the whole 55–59 KB latin-ext file.
// Deterministic: re-running on the same font files gives identical output. Usage: node scripts/make-fonts.mjs
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import subsetFont from 'subset-font'
import { AFRICAN_LETTERS, COMBINING_MARKS, LATIN_EXT_RANGE, fontFaceRules, rangeText, withoutCodePoints } from './font-ranges.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const outDir = join(root, 'src/app/fonts')
const cssPath = join(root, 'src/app/fonts.css')
const BEGIN = '/* make-fonts: begin (written by scripts/make-fonts.mjs; edit the script, not these rules) */'
const END = '/* make-fonts: end */'

mkdirSync(outDir, { recursive: true })
const text = String.fromCodePoint(...AFRICAN_LETTERS, ...COMBINING_MARKS)
for (const weight of [400, 700]) {
  const source = readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-latin-ext-${weight}-normal.woff2`))
  // The copyright, licence and licence address stay in the font's own name table (the SIL Open Font Licence).
  const subset = await subsetFont(source, text, { targetFormat: 'woff2', preserveNameIds: [0, 13, 14] })
  const file = join(outDir, `noto-sans-african-${weight}.woff2`)
  writeFileSync(file, subset)
  console.log(`${file.slice(root.length + 1)}: ${subset.length} bytes (from ${source.length})`)
}

// The licence travels with the modified font (OFL 1.1, section 2).
copyFileSync(require.resolve('@fontsource/noto-sans/LICENSE'), join(outDir, 'OFL.txt'))

const css = readFileSync(cssPath, 'utf8')
const start = css.indexOf(BEGIN)
const end = css.indexOf(END)
if (start < 0 || end < start) throw new Error(`${cssPath} has no make-fonts markers`)
const rules = fontFaceRules()
const next = `${css.slice(0, start)}${BEGIN}\n${rules}${css.slice(end)}`
writeFileSync(cssPath, await prettier.format(next, { ...(await prettier.resolveConfig(cssPath)), filepath: cssPath }))
console.log(`src/app/fonts.css: latin-ext now ${rangeText(withoutCodePoints(LATIN_EXT_RANGE, AFRICAN_LETTERS))}`)

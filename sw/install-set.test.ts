import { expect, test } from 'vitest'
import { markFirstInstall, type AssetEntry } from './install-set'

const entry = (url: string): AssetEntry => ({ url, revision: 'r' })
const files = [
  'index.html',
  'manifest.webmanifest',
  'favicon.svg',
  'icons/icon-512.png',
  'assets/start-J0.js',
  'assets/index-A1.js',
  'assets/index-C3.css',
  'assets/quiz-G7.js',
  'assets/quiz-H8.css',
  'assets/noto-sans-latin-400-normal-K1.woff2',
  'assets/noto-sans-african-700-L2.woff2',
  'assets/noto-sans-ethiopic-ethiopic-400-normal-M3.woff2',
  'assets/noto-sans-latin-ext-400-normal-I9.woff2',
]

test('the first install holds the shell, all the code and styles, and the fonts of our scripts; the rest waits', () => {
  const marked = markFirstInstall(files.map(entry))
  expect(marked.filter((e) => !e.first).map((e) => e.url)).toEqual(['icons/icon-512.png', 'assets/noto-sans-latin-ext-400-normal-I9.woff2'])
  expect(marked.filter((e) => e.first)).toHaveLength(files.length - 2)
  expect(marked.map((e) => e.revision)).toEqual(files.map(() => 'r'))
})

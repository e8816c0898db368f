import { expect, test } from 'vitest'
import { markFirstInstall, type AssetEntry } from './install-set'

const manifest = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_shared-B2.js'],
    dynamicImports: [
      'src/features/proverbs/routes/search.tsx',
      'src/features/quiz/routes/quiz.tsx',
      'src/app/pages/profile.tsx',
      'src/app/queues.ts',
    ],
    css: ['assets/index-C3.css'],
  },
  'src/app/queues.ts': { file: 'assets/queues-Q1.js', imports: ['_shared-B2.js'], dynamicImports: ['src/features/bell/menu.tsx'] },
  'src/features/bell/menu.tsx': { file: 'assets/menu-Q2.js', css: ['assets/menu-Q3.css'] },
  'src/app/pages/profile.tsx': { file: 'assets/profile-P1.js', imports: ['_list-E5.js'] },
  '_shared-B2.js': { file: 'assets/shared-B2.js' },
  'src/features/proverbs/routes/search.tsx': {
    file: 'assets/search-D4.js',
    imports: ['_shared-B2.js', '_list-E5.js'],
    css: ['assets/search-F6.css'],
  },
  '_list-E5.js': { file: 'assets/list-E5.js' },
  'src/features/quiz/routes/quiz.tsx': { file: 'assets/quiz-G7.js', css: ['assets/quiz-H8.css'] },
  'node_modules/@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff2': {
    file: 'assets/noto-sans-latin-ext-400-normal-I9.woff2',
  },
}
const entry = (url: string): AssetEntry => ({ url, revision: 'r' })
const files = [
  'index.html',
  'manifest.webmanifest',
  'favicon.svg',
  'icons/icon-512.png',
  'assets/start-J0.js',
  'assets/index-A1.js',
  'assets/index-C3.css',
  'assets/shared-B2.js',
  'assets/search-D4.js',
  'assets/search-F6.css',
  'assets/list-E5.js',
  'assets/quiz-G7.js',
  'assets/quiz-H8.css',
  'assets/profile-P1.js',
  'assets/queues-Q1.js',
  'assets/menu-Q2.js',
  'assets/menu-Q3.css',
  'assets/noto-sans-latin-400-normal-K1.woff2',
  'assets/noto-sans-african-700-L2.woff2',
  'assets/noto-sans-ethiopic-ethiopic-400-normal-M3.woff2',
  'assets/noto-sans-latin-ext-400-normal-I9.woff2',
]

test('the first install holds the shell, the first page with what it loads later, the pages the server renders and the fonts of our scripts', () => {
  const marked = markFirstInstall(files.map(entry), manifest, ['src/features/proverbs/routes/search.tsx'])
  expect(marked.filter((e) => e.first).map((e) => e.url)).toEqual([
    'index.html',
    'manifest.webmanifest',
    'favicon.svg',
    'assets/start-J0.js',
    'assets/index-A1.js',
    'assets/index-C3.css',
    'assets/shared-B2.js',
    'assets/search-D4.js',
    'assets/search-F6.css',
    'assets/list-E5.js',
    'assets/queues-Q1.js',
    'assets/menu-Q2.js',
    'assets/menu-Q3.css',
    'assets/noto-sans-latin-400-normal-K1.woff2',
    'assets/noto-sans-african-700-L2.woff2',
    'assets/noto-sans-ethiopic-ethiopic-400-normal-M3.woff2',
  ])
  // A reader's own pages, the icons and the rest of latin-ext wait for the idle connection; nothing is dropped.
  expect(marked.filter((e) => !e.first).map((e) => e.url)).toEqual([
    'icons/icon-512.png',
    'assets/quiz-G7.js',
    'assets/quiz-H8.css',
    'assets/profile-P1.js',
    'assets/noto-sans-latin-ext-400-normal-I9.woff2',
  ])
  expect(marked.map((e) => e.revision)).toEqual(files.map(() => 'r'))
})

import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import path from 'node:path'
import tseslint from 'typescript-eslint'

const SRC = path.resolve(import.meta.dirname, 'src')

/** The feature folder a file or import target lives in, or null. */
function featureOf(file) {
  const rel = path.relative(path.join(SRC, 'features'), file)
  return rel.startsWith('..') || path.isAbsolute(rel) ? null : rel.split(path.sep)[0]
}

/** A feature never imports another feature (relative or through the alias): the app composes them. */
const featureBoundaries = {
  meta: { type: 'problem', messages: { crossing: 'Feature "{{from}}" imports feature "{{to}}"; compose them in src/app instead.' } },
  create(context) {
    const from = featureOf(context.filename)
    if (!from) return {}
    return {
      ImportDeclaration(node) {
        const source = node.source.value
        const target = source.startsWith('@/')
          ? path.join(SRC, source.slice(2))
          : source.startsWith('.')
            ? path.resolve(path.dirname(context.filename), source)
            : null
        const to = target && featureOf(target)
        if (to && to !== from) context.report({ node, messageId: 'crossing', data: { from, to } })
      },
    }
  },
}

/** Imports flow one way: core ← offline ← lib/components ← features ← app (docs/decisions/001-layout-and-runtimes.md). */
const layer = (files, patterns, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] },
})

export default tseslint.config(
  { ignores: ['dist', 'node_modules', '.tmp', 'test-results', 'playwright-report', 'server/src/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  layer(
    ['src/core/**'],
    ['@/app/*', '@/features/*', '@/lib/*', '@/components/*', '@/offline/*', 'react', 'react-dom', '**/server/**'],
    'src/core is runtime-free: no DOM, no Node, no React, no other layer.',
  ),
  layer(['src/offline/**'], ['@/app/*', '@/features/*', '@/lib/*', '@/components/*', 'react'], 'src/offline imports only core.'),
  layer(['src/lib/**', 'src/components/**'], ['@/app/*', '@/features/*'], 'lib and components sit below features and app.'),
  layer(['src/features/**'], ['@/app/*', '**/app/*'], 'Features sit below the app.'),
  {
    files: ['src/features/**'],
    plugins: { owe: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'owe/feature-boundaries': 'error' },
  },
  layer(['sw/**'], ['**/src/app/**', '**/src/features/**', '**/src/lib/**', '**/src/components/**', 'react'], 'The worker imports only core and offline.'),
  layer(['server/**'], ['**/src/app/**', '**/src/features/**', '**/src/lib/**', '**/src/components/**', '**/src/offline/**', 'react'], 'The server imports only src/core.'),
)

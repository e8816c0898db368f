import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import fs from 'node:fs'
import path from 'node:path'
import tseslint from 'typescript-eslint'
import ts from 'typescript'

const ROOT = import.meta.dirname

/** The folders directly inside dir (the features of src/features or server/src/features). */
const foldersIn = (dir) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

/** A zone: files under target may not import anything under from (except the listed sub-folders of from). */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) })

/**
 * Imports flow one way: core ← offline ← lib/components ← entities ← features ← app (docs/decisions/001-layout-and-runtimes.md);
 * the worker imports only core and offline; the server only src/core. Zones are checked on the resolved file, so a
 * relative import is held to them exactly as one through the @/ alias is.
 */
const zones = [
  zone('src/core', 'src/offline', 'src/core imports no other layer.'),
  zone('src/core', 'src/lib', 'src/core imports no other layer.'),
  zone('src/core', 'src/components', 'src/core imports no other layer.'),
  zone('src/core', 'src/entities', 'src/core imports no other layer.'),
  zone('src/core', 'src/features', 'src/core imports no other layer.'),
  zone('src/core', 'src/app', 'src/core imports no other layer.'),
  zone('src/offline', 'src/lib', 'src/offline imports only core.'),
  zone('src/offline', 'src/components', 'src/offline imports only core.'),
  zone('src/offline', 'src/entities', 'src/offline imports only core.'),
  zone('src/offline', 'src/features', 'src/offline imports only core.'),
  zone('src/offline', 'src/app', 'src/offline imports only core.'),
  zone(['src/lib', 'src/components'], 'src/entities', 'lib and components sit below entities, features and app.'),
  zone(['src/lib', 'src/components'], 'src/features', 'lib and components sit below entities, features and app.'),
  zone(['src/lib', 'src/components'], 'src/app', 'lib and components sit below entities, features and app.'),
  zone('src/entities', 'src/features', 'Entities sit below the features: a feature imports an entity, never the other way.'),
  zone('src/entities', 'src/app', 'Entities sit below the features and the app.'),
  zone('src/entities', 'src/main.tsx', 'Entities sit below the features and the app.'),
  zone('src/features', 'src/app', 'Features sit below the app.'),
  zone('src/features', 'src/main.tsx', 'Features sit below the app.'),
  zone('src', 'server', 'The app and the server share only src/core.'),
  zone('src', 'sw', 'The app does not import the service worker.'),
  zone('sw', 'src', 'The worker imports only core and offline.', ['./core', './offline']),
  zone('sw', 'server', 'The worker imports only core and offline.'),
  zone('server', 'src', 'The server imports only src/core.', ['./core']),
  zone('server', 'sw', 'The server imports only src/core.'),
  // A feature never imports another feature: the app composes them (src/app, server/src/app.ts), and what several
  // need (the catalogue, the plans, the active package, the admin, the profile) comes from src/entities.
  ...foldersIn('src/features').map((name) =>
    zone(`src/features/${name}`, 'src/features', `Feature "${name}" imports another feature; compose them in src/app instead.`, [
      `./${name}`,
    ]),
  ),
  ...foldersIn('server/src/features').map((name) =>
    zone(
      `server/src/features/${name}`,
      'server/src/features',
      `Server feature "${name}" imports another feature; move the shared piece to services/ or http/, or pass it in from app.ts.`,
      [`./${name}`],
    ),
  ),
  zone(
    ['server/src/services', 'server/src/http', 'server/src/db', 'server/src/config.ts'],
    'server/src/features',
    'Services, http and db sit below the features; app.ts passes features in.',
  ),
]

const resolver = createTypeScriptImportResolver({
  project: ['src/tsconfig.json', 'sw/tsconfig.json', 'server/tsconfig.json', 'tsconfig.node.json'],
  noWarnOnMultipleProjects: true,
})

/** The project files a file imports, type-only imports and re-exports included (read once per file). */
const importsOf = new Map()
function projectImports(file) {
  let found = importsOf.get(file)
  if (found) return found
  found = []
  importsOf.set(file, found)
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
  for (const { fileName } of importedFiles) {
    const resolved = resolver.resolve(fileName, file)
    if (
      resolved.found &&
      resolved.path &&
      !resolved.path.includes(`${path.sep}node_modules${path.sep}`) &&
      /\.(ts|tsx)$/.test(resolved.path)
    ) {
      found.push(path.resolve(resolved.path))
    }
  }
  return found
}

/** Strongly connected components of the import graph (Tarjan), filled in lazily from the files asked about. */
const component = new Map()
function componentOf(start) {
  if (component.has(start)) return component.get(start)
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const visit = (file) => {
    index.set(file, index.size)
    low.set(file, index.get(file))
    stack.push(file)
    onStack.add(file)
    for (const next of projectImports(file)) {
      if (component.has(next)) continue
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file), low.get(next)))
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file), index.get(next)))
    }
    if (low.get(file) === index.get(file)) {
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        component.set(member, file)
      } while (member !== file)
    }
  }
  visit(start)
  return component.get(start)
}

const isTypeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'))

/**
 * import-x/no-cycle leaves out type-only imports; this finds the circles they close. An import that is
 * type-only and leads back to the importing file is reported; circles made of value imports alone are
 * import-x/no-cycle's to report.
 */
const noTypeCycle = {
  meta: {
    type: 'problem',
    messages: {
      cycle: 'Import circle: "{{source}}" leads back to this file (through a type import); move the shared type into its own module.',
    },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename)
    const check = (node) => {
      if (!node.source || !isTypeOnly(node)) return
      const resolved = resolver.resolve(node.source.value, file)
      if (!resolved.found || !resolved.path) return
      const target = path.resolve(resolved.path)
      if (componentOf(file) === componentOf(target)) context.report({ node, messageId: 'cycle', data: { source: node.source.value } })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check }
  },
}

/** src/core is runtime-free: what it may not name even without importing it. */
const coreRuntimeFree = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: [
            'react',
            'react-dom',
            'react-dom/*',
            'node:*',
            'fastify',
            'fastify/*',
            'drizzle-orm',
            'drizzle-orm/*',
            'pg',
            'idb',
            'workbox-*',
            'firebase',
            'firebase/*',
          ],
          message: 'src/core is runtime-free: no DOM, no Node, no React, no server.',
        },
      ],
    },
  ],
  'no-restricted-globals': [
    'error',
    ...[
      'window',
      'document',
      'navigator',
      'localStorage',
      'sessionStorage',
      'indexedDB',
      'self',
      'process',
      'Buffer',
      'require',
      '__dirname',
    ].map((name) => ({ name, message: 'src/core is runtime-free: no DOM, no Node.' })),
  ],
}

/** What the server may not import: React, and src/core by a relative path. */
const serverImports = [
  { group: ['react', 'react-dom', 'react-dom/*'], message: 'The server does not render React.' },
  { group: ['**/src/core', '**/src/core/**'], message: 'The server imports src/core through its alias: @core/….' },
]

/** A server feature's route files run no SQL: no drizzle, no tables, no queries on db or tx. */
const routesSpeakHttp = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema'],
  message: "Routes speak HTTP only: put the query in the feature's repository.ts or service.ts and call that.",
}
const QUERY_METHODS = ['select', 'selectDistinct', 'insert', 'update', 'delete', 'execute', 'transaction', 'query']

export default tseslint.config(
  { ignores: ['dist', 'dist-ssr', 'node_modules', '.tmp', 'test-results', 'playwright-report', 'server/src/db/migrations'] },
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
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'server/src/**/*.ts'],
    plugins: { 'import-x': importX, owe: { rules: { 'no-type-cycle': noTypeCycle } } },
    settings: {
      'import-x/resolver-next': [resolver],
      // import-x reads only .js, .mjs and .cjs files unless told otherwise: without this no-cycle never followed an
      // import into a .ts file, and refused no circle at all.
      'import-x/extensions': ['.ts', '.tsx'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones }],
      // A circle runs through the project's own files; packages are not read.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'owe/no-type-cycle': 'error',
    },
  },
  {
    // A feature's changes to server data live in its mutations.ts, beside its keys (README: Map of the code); a
    // lazy page's own may sit in a <part>-mutations.ts, so they stay out of the first page's script.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/mutations.ts', 'src/**/*-mutations.ts', 'src/entities/**', 'src/core/**', 'src/offline/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message: "useMutation lives in the feature's mutations.ts: call a named hook from there.",
            },
          ],
        },
      ],
    },
  },
  { files: ['src/core/**'], rules: coreRuntimeFree },
  {
    files: ['src/offline/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', 'react-dom/*'], message: 'src/offline imports only core.' }] },
      ],
    },
  },
  {
    files: ['sw/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', 'react-dom/*'], message: 'The worker does not render React.' }] },
      ],
    },
  },
  { files: ['server/**'], rules: { 'no-restricted-imports': ['error', { patterns: serverImports }] } },
  // A feature's routes speak HTTP only: parse, guard, one call into its service or repository, reply; the
  // SQL lives there (server/src/README.md). The admin feature has a folder per section, each with its routes.
  {
    files: ['server/src/features/*/routes.ts', 'server/src/features/*/*-routes.ts', 'server/src/features/admin/*/routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...serverImports, routesSpeakHttp] }],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.object.name=/^(db|tx)$/][callee.property.name=/^(${QUERY_METHODS.join('|')})$/]`,
          message: routesSpeakHttp.message,
        },
      ],
    },
  },
)

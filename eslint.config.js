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

/**
 * The layers, an allow-list (docs/decisions/001-layout-and-runtimes.md): every file of src/, sw/ and server/src/ sits in
 * one of them (owe/known-layer refuses a file that does not, so a new folder needs a place here before it can hold code),
 * and a layer imports only its own files and the paths it lists. Imports flow one way: core ← offline ← lib/components ←
 * entities ← features ← app; the worker imports only core and offline; the server only src/core, and on the server
 * services, http, db and config sit below the features, which sit below app.ts, jobs.ts, openapi/ and cli/. A feature
 * never imports another: the app composes them, and what several need comes from src/entities (on the server: services/,
 * http/ or db/, or passed in from app.ts).
 */
const layer = (paths, imports, message) => ({ paths, imports: [...new Set([...paths, ...imports])], message })
/** What the given layers hold and import: what a layer above them may import. */
const below = (...layers) => [...new Set(layers.flatMap((l) => l.imports))]
const core = layer(['src/core'], [], 'src/core imports no other layer.')
const offline = layer(['src/offline'], below(core), 'src/offline imports only core.')
const shared = layer(['src/lib', 'src/components'], below(offline), 'lib and components import only core, offline and each other.')
const entities = layer(
  ['src/entities'],
  below(shared),
  'Entities sit below the features: they import only core, offline, lib and components, and a feature imports an entity, never the other way.',
)
const srcFeatures = foldersIn('src/features').map((name) =>
  layer(
    [`src/features/${name}`],
    below(entities),
    `Feature "${name}" imports only itself, entities, lib, components, offline and core; compose features in src/app instead.`,
  ),
)
const app = layer(
  ['src/app', 'src/main.tsx', 'src/entry-server.tsx'],
  below(entities, ...srcFeatures),
  'The app imports only the known layers of src (no server, no worker).',
)
const worker = layer(['sw'], below(offline), 'The worker imports only core and offline.')
const serverBase = layer(
  ['server/src/services', 'server/src/http', 'server/src/db', 'server/src/config.ts', 'server/src/config.test.ts'],
  core.paths,
  'Services, http, db and config sit below the features (app.ts passes features in) and import only each other and src/core.',
)
const serverFeatures = foldersIn('server/src/features').map((name) =>
  layer(
    [`server/src/features/${name}`],
    below(serverBase),
    `Server feature "${name}" imports only itself, services, http, db, config and src/core; move the shared piece to services/ or http/, or pass it in from app.ts.`,
  ),
)
const serverTop = layer(
  ['server/src/app.ts', 'server/src/main.ts', 'server/src/jobs.ts', 'server/src/openapi', 'server/src/cli'],
  below(serverBase, ...serverFeatures),
  'The server imports only its known layers and src/core.',
)
const layers = [core, offline, shared, entities, ...srcFeatures, app, worker, serverBase, ...serverFeatures, serverTop]

/** Where layers live: an import into one of these is held to the importer's list; anything else (packages, tests/support) is not. */
const LAYERED = ['src', 'sw', 'server']
const inside = (file, dir) => file === dir || file.startsWith(`${dir}/`)

/**
 * One no-restricted-paths zone per layer and layered root: the root is refused except the paths the layer may import.
 * Zones are checked on the resolved file, so a relative import is held to them exactly as one through @/ or @core/ is.
 */
const zones = layers.flatMap(({ paths, imports, message }) =>
  LAYERED.filter((root) => !imports.includes(root)).map((root) => {
    const except = imports.filter((allowed) => inside(allowed, root)).map((allowed) => `./${path.posix.relative(root, allowed)}`)
    return { target: paths, from: root, message, ...(except.length > 0 ? { except } : {}) }
  }),
)

/** The folder (or file) of a layered path that no layer holds: its first part that is neither a layer nor above one. */
function unknownPart(file) {
  const parts = file.split('/')
  for (let end = 1; end <= parts.length; end++) {
    const part = parts.slice(0, end).join('/')
    if (!layers.some((l) => l.paths.some((p) => inside(p, part)))) return part
  }
  return file
}

/** Every linted file sits in a layer: a file outside them all would be held to no zone, and nothing would stop its imports. */
const knownLayer = {
  meta: {
    type: 'problem',
    messages: {
      unknown:
        '"{{part}}" is in no layer: move the file into a known layer, or give "{{part}}" a place in the layers of eslint.config.js (docs/decisions/001-layout-and-runtimes.md).',
    },
  },
  create(context) {
    const file = path.relative(ROOT, context.physicalFilename).split(path.sep).join('/')
    return {
      Program(node) {
        if (layers.some((l) => l.paths.some((p) => inside(file, p)))) return
        context.report({ node, loc: { line: 1, column: 0 }, messageId: 'unknown', data: { part: unknownPart(file) } })
      },
    }
  },
}

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
    plugins: { 'import-x': importX, owe: { rules: { 'no-type-cycle': noTypeCycle, 'known-layer': knownLayer } } },
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
      'owe/known-layer': 'error',
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

import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, expect, test } from 'vitest'

/**
 * The layer and circle rules of eslint.config.js, run on probe files: each probe breaks one rule and must be reported
 * by it. Only the probes are linted (the real tree is `npm run lint`'s); files others import are written to
 * folders made for the test inside the project, so the resolver and import-x/no-cycle read them as they would real code.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const eslint = new ESLint({ cwd: ROOT })
const made: string[] = []
/** A fresh folder under dir, named after the probe's part (e.g. src/hooks-XXXXXX), removed after the tests. */
const folderIn = (dir: string, name: string) => {
  const folder = fs.mkdtempSync(path.join(ROOT, dir, `${name}-`))
  made.push(folder)
  return folder
}
const write = (file: string, text: string) => fs.writeFileSync(file, text)
/** The project path of a file, posix-style, as imports and messages name it. */
const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/')
/** How code in src/ names a folder of src/ through the alias. */
const alias = (folder: string) => `@/${rel(folder).replace(/^src\//, '')}`

type Problem = { file: string; rule: string | null; message: string }
const problems = (results: ESLint.LintResult[]): Problem[] =>
  results.flatMap((r) => r.messages.map((m) => ({ file: rel(r.filePath), rule: m.ruleId, message: m.message })))
const lintFiles = async (...files: string[]) => problems(await eslint.lintFiles(files))
const lintText = async (file: string, text: string) => problems(await eslint.lintText(text, { filePath: path.join(ROOT, file) }))

let lib: string
let hooks: string
beforeAll(() => {
  lib = folderIn('src/lib', 'lint-probe')
  hooks = folderIn('src', 'hooks')
  write(path.join(lib, 'a.ts'), "import { b } from './b'\nexport const a = (): unknown => b\n")
  write(path.join(lib, 'b.ts'), "import { a } from './a'\nexport const b = (): unknown => a\n")
  write(path.join(lib, 'c.ts'), `import { d } from '${alias(lib)}/d'\nexport const c = (): unknown => d\n`)
  write(path.join(lib, 'd.ts'), `import { c } from '${alias(lib)}/c'\nexport const d = (): unknown => c\n`)
  // A new folder that hands one feature's code to the others.
  write(path.join(hooks, 'quiz.ts'), "export { playerPath } from '@/features/quiz/batch-status'\n")
})
afterAll(() => {
  for (const folder of made) fs.rmSync(folder, { recursive: true, force: true })
})

test('two files of src/lib that import each other are a circle, relatively or through the @/ alias', async () => {
  const found = await lintFiles(...['a', 'b', 'c', 'd'].map((name) => path.join(lib, `${name}.ts`)))
  expect(found.map(({ file, rule }) => [path.basename(file), rule])).toEqual([
    ['a.ts', 'import-x/no-cycle'],
    ['b.ts', 'import-x/no-cycle'],
    ['c.ts', 'import-x/no-cycle'],
    ['d.ts', 'import-x/no-cycle'],
  ])
})

test('a file in a folder no layer holds is refused, naming the folder', async () => {
  const found = await lintFiles(path.join(hooks, 'quiz.ts'))
  expect(found).toEqual([
    {
      file: `${rel(hooks)}/quiz.ts`,
      rule: 'owe/known-layer',
      message: expect.stringContaining(`"${rel(hooks)}" is in no layer`),
    },
  ])
})

test.each([
  ['server/src/helpers/dates.ts', 'server/src/helpers'],
  ['src/features/shared.ts', 'src/features/shared.ts'],
])('the same holds on the server and beside the feature folders: %s', async (file, part) => {
  const found = await lintText(file, 'export const probe = 1\n')
  expect(found.map(({ rule, message }) => [rule, message.split('"')[1]])).toEqual([['owe/known-layer', part]])
})

test('a feature that reaches another through a new folder is refused, as it is when it imports it directly', async () => {
  const text = `import { playerPath } from '${alias(hooks)}/quiz'\nimport { resultPath } from '@/features/quiz/batch-status'\nexport const probe = [playerPath, resultPath]\n`
  const found = await lintText('src/features/learning/lint-probe.ts', text)
  expect(found.map(({ rule, message }) => [rule, message.split('"')[1]])).toEqual([
    ['import-x/no-restricted-paths', `${alias(hooks)}/quiz`],
    ['import-x/no-restricted-paths', '@/features/quiz/batch-status'],
  ])
  expect(found[0]!.message).toContain('Feature "learning" imports only itself, entities, lib, components, offline and core')
})

// Today's rules, each now one layer's list: an import a layer does not list is refused with that layer's message.
test.each([
  ['src/core/lint-probe.ts', '@/lib/api-client', 'src/core imports no other layer.'],
  ['src/offline/lint-probe.ts', '@/components/activity-calendar', 'src/offline imports only core.'],
  ['src/lib/lint-probe.ts', '../../server/src/config', 'lib and components import only core, offline and each other.'],
  ['src/entities/lint-probe.ts', '@/features/quiz/batch-status', 'Entities sit below the features'],
  ['src/features/quiz/lint-probe.ts', '@/app/due-count', 'Feature "quiz" imports only itself'],
  ['src/app/lint-probe.ts', '../../sw/routes', 'The app imports only the known layers of src'],
  ['sw/lint-probe.ts', '../src/lib/api-client', 'The worker imports only core and offline.'],
  ['server/src/features/quiz/lint-probe.ts', '../auth/service', 'Server feature "quiz" imports only itself'],
  ['server/src/features/quiz/lint-probe.ts', '../../../../src/lib/api-client', 'Server feature "quiz" imports only itself'],
  ['server/src/services/lint-probe.ts', '../features/quiz/compose', 'Services, http, db and config sit below the features'],
])('%s may not import %s', async (file, target, message) => {
  const found = await lintText(file, `export * from '${target}'\n`)
  expect(found).toEqual([{ file, rule: 'import-x/no-restricted-paths', message: expect.stringContaining(message) }])
})

test('a feature importing what lies below it passes: the rules refuse the probes, not every import', async () => {
  const text =
    "import { apiGet } from '@/lib/api-client'\nimport { usePlans } from '@/entities/plans/queries'\nexport const probe = [apiGet, usePlans]\n"
  expect(await lintText('src/features/learning/lint-probe.ts', text)).toEqual([])
})

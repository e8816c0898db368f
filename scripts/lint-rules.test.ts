import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, expect, test } from 'vitest'

/**
 * The circle rule of eslint.config.js, run on probe files: each probe breaks it and must be reported. Only the probes are linted (the real tree is `npm run lint`'s); files others import are written to
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

type Problem = { file: string; rule: string | null; message: string }
const problems = (results: ESLint.LintResult[]): Problem[] =>
  results.flatMap((r) => r.messages.map((m) => ({ file: rel(r.filePath), rule: m.ruleId, message: m.message })))
const lintFiles = async (...files: string[]) => problems(await eslint.lintFiles(files))

let lib: string
beforeAll(() => {
  lib = folderIn('src/lib', 'lint-probe')
  write(path.join(lib, 'a.ts'), "import { b } from './b'\nexport const a = (): unknown => b\n")
  write(path.join(lib, 'b.ts'), "import { a } from './a'\nexport const b = (): unknown => a\n")
  write(path.join(lib, 'c.ts'), `import { d } from '@/${rel(lib).slice(4)}/d'\nexport const c = (): unknown => d\n`)
  write(path.join(lib, 'd.ts'), `import { c } from '@/${rel(lib).slice(4)}/c'\nexport const d = (): unknown => c\n`)
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

import { expect, test } from 'vitest'
import { anchorsOf, checkFiles, formatProblem, slugOf } from './doc-refs.mjs'

const REQUIREMENTS = ['# Requirements', '', '## R3 Accounts and sign-in', '', '## R10 Admins’ console', ''].join('\n')

/** A small repository: the files checked, plus ones that only exist (a picture, say). */
function check(files: Record<string, string>, others: string[] = []) {
  const map = new Map(Object.entries(files))
  return checkFiles(map, (file) => map.has(file) || others.includes(file)).map(formatProblem)
}

test('headings become GitHub anchors, and a repeated heading gets a number', () => {
  expect(slugOf('R10 Admins’ console')).toBe('r10-admins-console')
  expect(slugOf('R17 Page-view analytics (open)')).toBe('r17-page-view-analytics-open')
  expect([...anchorsOf('## Notes\n```\n# not a heading\n```\n## Notes\n')]).toEqual(['notes', 'notes-1'])
})

test('references that lead to a file and a heading pass, in code and in Markdown', () => {
  const problems = check({
    'docs/requirements.md': REQUIREMENTS + '[Sign-in](#r3-accounts-and-sign-in), [ADR 5](decisions/005-accounts.md)\n',
    'docs/decisions/005-accounts.md':
      '# 005\n\nStatus: accepted · Date: 2026-11-22\n\nSee [the requirements](../requirements.md#r10-admins-console) and `server/src/db/README.md`.\n',
    'server/src/db/README.md': '# Database\n',
    'src/lib/session.ts': '/** Logout (docs/requirements.md#r3-accounts-and-sign-in). See https://example.com/x/NOTES.md */\n',
  })
  expect(problems).toEqual([])
})

test('a missing file, a missing heading and a document outside the repository are each reported at file:line', () => {
  const problems = check({
    'docs/requirements.md': REQUIREMENTS,
    'docs/decisions/001-layout.md': '# 001\nStatus: accepted · Date: 2026-11-22\nSee [the map](../map.md).\n',
    'src/core/format.ts': [
      '// Shortening (docs/requirements.md#r16-display-helpers).',
      '// Formats (spec §5).',
      '// The envelope (PRODUCT.md).',
      '// One layer per folder (docs/decisions/001-layout.md).',
    ].join('\n'),
  })
  expect(problems).toEqual([
    'docs/decisions/001-layout.md:3: ../map.md — no such file in the repository',
    'src/core/format.ts:1: docs/requirements.md#r16-display-helpers — docs/requirements.md has no heading #r16-display-helpers',
    expect.stringMatching(/^src\/core\/format\.ts:2: spec § — /),
    expect.stringMatching(/^src\/core\/format\.ts:3: PRODUCT\.md — /),
  ])
})

test('a decision record without its status and date under the title is reported, naming the file', () => {
  const record = (head: string) => `# 030 — Something decided\n\n${head}\n\n## Context\n\nStatus: accepted · Date: 2026-12-08\n`
  const problems = check({
    'docs/decisions/030-kept.md': record('Status: accepted, amended by [ADR 031](031-later.md) · Date: 2026-12-08'),
    'docs/decisions/031-later.md': record('Status: accepted · Date: 2026-12-08\n\nAmends [ADR 030](030-kept.md).'),
    'docs/decisions/032-none.md': record('Amends nothing.'),
    'docs/decisions/033-no-date.md': record('Status: accepted, 2026-12-08.'),
    'docs/decisions/034-no-such-day.md': record('Status: accepted · Date: 2026-02-30'),
    'docs/decisions/035-no-month.md': record('Status: accepted · Date: 2026-13-01'),
    'docs/decisions/README.md': '# Decisions\n',
    'docs/notes.md': '# Notes\n',
  })
  expect(problems).toEqual([
    'docs/decisions/032-none.md:1: # 030 — Something decided — no `Status: … · Date: YYYY-MM-DD` line under the title',
    'docs/decisions/033-no-date.md:3: Status: accepted, 2026-12-08. — is not `Status: … · Date: YYYY-MM-DD` with a real day',
    'docs/decisions/034-no-such-day.md:3: Status: accepted · Date: 2026-02-30 — is not `Status: … · Date: YYYY-MM-DD` with a real day',
    'docs/decisions/035-no-month.md:3: Status: accepted · Date: 2026-13-01 — is not `Status: … · Date: YYYY-MM-DD` with a real day',
  ])
})

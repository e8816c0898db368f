// The logic of `node scripts/check-doc-refs.mjs`, kept free of the file system so it can be tested: every
// reference to a Markdown document must lead to a file in the repository (and an anchor to a heading in
// it), nothing may point at documents the repository does not hold, and every decision record says under
// its title whether it stands and when it was made.
import path from 'node:path'

/** Texts that name documents kept outside the repository, or sections of them. */
const OUTSIDE = [
  { pattern: /\bspec\s*§/i, reason: 'points at a specification section; point at docs/requirements.md#… instead' },
  { pattern: /§\s*\d/, reason: 'points at a numbered section outside the repository; point at docs/requirements.md#… instead' },
  { pattern: /\b(?:PRODUCT|ARCHITECTURE|STACK|STYLE)\.md\b/, reason: 'names a document outside the repository' },
  { pattern: /\bseed\/000/, reason: 'names a document outside the repository' },
]

/** A Markdown link's target: `[text](target)`, optionally with a title. */
const MARKDOWN_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g
/** A path-like mention of a Markdown document, with an optional anchor. */
const DOC_PATH = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]*\w\.md)(#[\w-]+)?(?![\w/-])/g
const URL = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi

/**
 * GitHub's anchor for a heading: lower case, punctuation dropped, spaces turned into hyphens (repeats of one
 * heading get -1, -2, …).
 */
export function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** The anchors of a Markdown text's headings (those inside fenced code blocks are not headings). */
export function anchorsOf(markdown) {
  const anchors = new Set()
  const seen = new Map()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced
    if (fenced) continue
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const slug = slugOf(heading[1])
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** Every problem in one file: `{ file, line, reference, reason }`, in the order they appear. */
function checkFile(file, text, repo) {
  const problems = []
  const isMarkdown = file.endsWith('.md')
  const here = path.posix.dirname(file)
  const lines = text.split('\n')
  lines.forEach((content, index) => {
    const line = index + 1
    const reported = new Set()
    const report = (reference, reason) => {
      // One line naming an outside document once is one problem, not one per rule it breaks.
      if (reported.has(reference)) return
      reported.add(reference)
      problems.push({ file, line, reference, reason })
    }
    const outside = OUTSIDE.map(({ pattern, reason }) => ({ match: pattern.exec(content), reason })).find((rule) => rule.match)
    if (outside) report(outside.match[0], outside.reason)
    const plain = content.replace(URL, (url) => ' '.repeat(url.length))
    const linked = new Set()
    if (isMarkdown) {
      for (const match of plain.matchAll(MARKDOWN_LINK)) {
        const target = match[1]
        linked.add(match.index)
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue
        const [pathPart, anchor] = splitAnchor(target)
        const resolved = pathPart === '' ? file : pathPart.startsWith('/') ? pathPart.slice(1) : path.posix.join(here, pathPart)
        checkTarget(repo, target, [resolved], anchor, report)
      }
    }
    for (const match of plain.matchAll(DOC_PATH)) {
      // A Markdown link's own target was checked above, relative to its file.
      if (isMarkdown && plain[match.index - 1] === '(' && plain[match.index - 2] === ']') continue
      const [reference, pathPart, anchor] = [match[0], match[1], match[2]?.slice(1)]
      const candidates = [path.posix.normalize(pathPart)]
      // Prose in a Markdown file may also name a neighbour by its relative path.
      if (isMarkdown) candidates.push(path.posix.join(here, pathPart))
      checkTarget(repo, reference, candidates, anchor, report)
    }
  })
  return problems
}

function splitAnchor(target) {
  const hash = target.indexOf('#')
  return hash === -1 ? [target, undefined] : [target.slice(0, hash), target.slice(hash + 1)]
}

function checkTarget(repo, reference, candidates, anchor, report) {
  const found = candidates.find((candidate) => repo.exists(candidate))
  if (found === undefined) {
    report(reference, 'no such file in the repository')
    return
  }
  if (anchor === undefined || !found.endsWith('.md')) return
  const anchors = repo.anchors(found)
  if (!anchors.has(anchor.toLowerCase())) report(reference, `${found} has no heading #${anchor}`)
}

/** A decision record: a numbered Markdown file in docs/decisions/ (`001-layout-and-runtimes` and on). */
const DECISION = /^docs\/decisions\/\d{3}-[^/]+\.md$/
/**
 * Its status line: whether it stands (`accepted`, and what later records amend or supersede of it) and the
 * day it was made, so a reader of an old record learns at once whether to read on in a newer one.
 */
const STATUS_LINE = /^Status: (\S.*) · Date: (\d{4}-\d{2}-\d{2})$/
const STATUS_FORM = '`Status: … · Date: YYYY-MM-DD`'

/** A decision record's problem, if it has no status line between its title and its first section. */
function checkDecision(file, text) {
  const lines = text.split('\n')
  const sectionAt = lines.findIndex((line, index) => index > 0 && /^#{1,6}\s/.test(line))
  const head = lines.slice(0, sectionAt === -1 ? lines.length : sectionAt)
  const at = head.findIndex((line) => line.startsWith('Status:'))
  if (at === -1) return [{ file, line: 1, reference: lines[0], reason: `no ${STATUS_FORM} line under the title` }]
  const date = STATUS_LINE.exec(head[at])?.[2]
  // A day that does not exist (2026-02-30) is a typo, not a date.
  const time = date === undefined ? NaN : Date.parse(`${date}T00:00:00Z`)
  const real = !Number.isNaN(time) && new Date(time).toISOString().startsWith(date)
  return real ? [] : [{ file, line: at + 1, reference: head[at], reason: `is not ${STATUS_FORM} with a real day` }]
}

/**
 * Checks many files. `files` maps a path (relative to the repository's root, with forward slashes) to its
 * text; `exists(path)` says whether the repository holds a file. Anchors are read from `files`.
 */
export function checkFiles(files, exists) {
  const cache = new Map()
  const repo = {
    exists: (file) => files.has(file) || exists(file),
    anchors(file) {
      if (!cache.has(file)) cache.set(file, anchorsOf(files.get(file) ?? ''))
      return cache.get(file)
    },
  }
  return [...files].flatMap(([file, text]) => [...(DECISION.test(file) ? checkDecision(file, text) : []), ...checkFile(file, text, repo)])
}

/** `file:line: reference — reason`, one line per problem. */
export const formatProblem = ({ file, line, reference, reason }) => `${file}:${line}: ${reference} — ${reason}`

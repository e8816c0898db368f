import { and, eq, inArray, ne, notInArray } from 'drizzle-orm'
import type { QuizQuestionKind } from '@core/quiz/contract'
import type { Tx } from '../../db/client'
import { answerOptions, cousinClusters, ethnicGroups, proverbCousins, proverbs, quizQuestions } from '../../db/schema'

/** FNV-1a: a small, stable hash of a text, the seed of every deterministic choice below. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** mulberry32: the same seed gives the same sequence on every server, so a batch is the same wherever it is made. */
export function seededRandom(seed: string): () => number {
  let state = hashText(seed)
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j], copy[i]]
  }
  return copy
}

/** Something a batch may pick: a question of the bank, or a proverb to make a question from. */
type Candidate = { fact: number } | { proverb: number }

export type Composition = { preferredCount: number; otherCount: number; generalCount: number }

type GroupRow = { id: number; name: string; slug: string }
type ProverbRow = { id: number; slug: string; ethnicGroupId: number; proverb: string; interpretation: string; toneKey: string }

/**
 * Where a "how does it end" question cuts a proverb: at a clause boundary (comma, semicolon, colon, the
 * Ethiopic comma) nearest the middle when both sides keep two words (`at: 'clause'`), else at the word nearest the
 * middle (`at: 'word'`). A word cut never sits beside a word of one letter ("kì í", "ń", "a"): such a word is bound to
 * its neighbours, and a stem ending "kì …" beside a choice opening "í …" would give the answer away by grammar alone.
 * Null when the proverb is too short to cut or has no clean cut: it is not asked this way. The wrong choices are
 * endings cut the same way (`makeQuestion`), so no choice stands out by where it begins.
 */
export type ProverbSplit = { head: string; tail: string; at: 'clause' | 'word' }

export function splitProverb(text: string): ProverbSplit | null {
  const words = text
    .trim()
    .replace(/[.!?።]+$/u, '')
    .split(/\s+/)
  if (words.length < 4) return null
  const middle = words.length / 2
  const loose = (cut: number) => !isBound(words[cut - 1]) && !isBound(words[cut])
  const cuts = words
    .map((word, i) => ({ cut: i + 1, boundary: /[,;:፣፤]$/u.test(word) }))
    .filter(({ cut }) => cut >= 2 && words.length - cut >= 2)
    // Nearest the middle; of two as near, the later (the head is the longer).
    .sort((a, b) => Math.abs(a.cut - middle) - Math.abs(b.cut - middle) || b.cut - a.cut)
  const clause = cuts.find(({ boundary }) => boundary)?.cut
  const cut = clause ?? cuts.find(({ cut }) => loose(cut))?.cut
  if (cut === undefined) return null
  return { head: words.slice(0, cut).join(' '), tail: words.slice(cut).join(' '), at: clause === undefined ? 'word' : 'clause' }
}

/** A word of one letter (its marks and punctuation aside): a particle or pronoun bound to the words beside it. */
function isBound(word: string): boolean {
  return word.normalize('NFD').replace(/[^\p{L}\p{N}]/gu, '').length === 1
}

/**
 * Picks a batch's questions: `preferredCount` about the preferred group, `otherCount` spread over the
 * other groups, `generalCount` general ones; a short pool is made up from the next (preferred, other,
 * general, then any group's). The choice depends only on the seed, so asking twice gives the same batch.
 * Returns question ids in batch order, creating the corpus questions it needs.
 */
export async function composeBatch(
  tx: Tx,
  seed: string,
  composition: Composition,
  preferred: number | undefined,
  others: number[],
): Promise<number[]> {
  const random = seededRandom(seed)
  const groups = await tx
    .select({ id: ethnicGroups.id, name: ethnicGroups.name, slug: ethnicGroups.slug })
    .from(ethnicGroups)
    .orderBy(ethnicGroups.position)
  const facts = await tx
    .select({ id: quizQuestions.id, groupId: quizQuestions.ethnicGroupId })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.kind, 'fact'), eq(quizQuestions.active, true)))
    .orderBy(quizQuestions.id)
  const groupIds = [preferred, ...others].filter((id): id is number => id !== undefined)
  const proverbRows = groupIds.length
    ? await tx
        .select({ id: proverbs.id, groupId: proverbs.ethnicGroupId })
        .from(proverbs)
        .where(inArray(proverbs.ethnicGroupId, groupIds))
        .orderBy(proverbs.id)
    : []

  const poolOf = (groupId: number): Candidate[] =>
    shuffled(
      [
        ...facts.filter((f) => f.groupId === groupId).map((f) => ({ fact: f.id })),
        ...proverbRows.filter((p) => p.groupId === groupId).map((p) => ({ proverb: p.id })),
      ],
      random,
    )
  const general: Candidate[] = shuffled(
    facts.filter((f) => f.groupId === null).map((f) => ({ fact: f.id })),
    random,
  )
  const anyFact: Candidate[] = shuffled(
    facts.map((f) => ({ fact: f.id })),
    random,
  )

  const taken = new Set<string>()
  const picked: Candidate[] = []
  const idOf = (c: Candidate) => ('fact' in c ? `f${c.fact}` : `p${c.proverb}`)
  const take = (pool: Candidate[], count: number): number => {
    let got = 0
    for (const candidate of pool) {
      if (got === count) break
      if (taken.has(idOf(candidate))) continue
      taken.add(idOf(candidate))
      picked.push(candidate)
      got++
    }
    return count - got
  }
  // Other groups take turns, so three questions over two groups are two and one.
  const takeFromOthers = (count: number): number => {
    const pools = shuffled(others, random).map(poolOf)
    let left = count
    let progressed = true
    while (left > 0 && progressed) {
      progressed = false
      for (const pool of pools) {
        if (left > 0 && take(pool, 1) === 0) {
          left--
          progressed = true
        }
      }
    }
    return left
  }

  const preferredPool = preferred === undefined ? [] : poolOf(preferred)
  let short = take(preferredPool, composition.preferredCount)
  short = takeFromOthers(composition.otherCount + short)
  short = take(preferredPool, short)
  short = take(general, composition.generalCount + short)
  take(anyFact, short)

  // Each proverb's kind is drawn in batch order (so the seed decides it); the questions are then made in
  // proverb order, so two batches made at once take the same rows' locks in the same order and never deadlock.
  const draws = picked.map(() => random())
  const made = new Map<number, number>()
  const fromProverbs = picked.flatMap((c, i) => ('proverb' in c ? [{ i, proverb: c.proverb }] : [])).sort((a, b) => a.proverb - b.proverb)
  // "Which people say this?" once per people at most: a batch mostly about the reader's own people would
  // otherwise answer itself ("my people", four times in ten), and the answers spread over the peoples.
  const peopleAsked = new Set<number>()
  for (const { i, proverb } of fromProverbs) {
    const groupId = proverbRows.find((p) => p.id === proverb)!.groupId
    const question = await proverbQuestion(tx, proverb, draws[i], groups, !peopleAsked.has(groupId))
    if (question.kind === 'people') peopleAsked.add(groupId)
    made.set(i, question.id)
  }
  return picked.map((c, i) => ('fact' in c ? c.fact : made.get(i)!))
}

const KINDS: Exclude<QuizQuestionKind, 'fact'>[] = ['meaning', 'people', 'complete', 'cousin']

/** What a cousin question needs: the proverb's cousins among other peoples, the thought they share, and their peoples' other proverbs. */
export type CousinMaterial = {
  note: string
  cousins: { id: number; proverb: string; transliteration: string; group: GroupRow }[]
  /** Other proverbs of each cousin's people (not in the cluster), for the wrong answers. */
  others: Map<number, { proverb: string; transliteration: string }[]>
}

async function cousinMaterial(tx: Tx, row: ProverbRow, groups: GroupRow[]): Promise<CousinMaterial | null> {
  const [link] = await tx
    .select({ clusterId: proverbCousins.clusterId, note: cousinClusters.note })
    .from(proverbCousins)
    .innerJoin(cousinClusters, eq(cousinClusters.id, proverbCousins.clusterId))
    .where(eq(proverbCousins.proverbId, row.id))
  if (!link) return null
  const members = await tx
    .select({ id: proverbs.id, proverb: proverbs.proverb, transliteration: proverbs.transliteration, groupId: proverbs.ethnicGroupId })
    .from(proverbCousins)
    .innerJoin(proverbs, eq(proverbs.id, proverbCousins.proverbId))
    .where(and(eq(proverbCousins.clusterId, link.clusterId), ne(proverbs.ethnicGroupId, row.ethnicGroupId)))
    .orderBy(proverbs.id)
  if (members.length === 0) return null
  const groupIds = [...new Set(members.map((m) => m.groupId))]
  const inCluster = (
    await tx.select({ id: proverbCousins.proverbId }).from(proverbCousins).where(eq(proverbCousins.clusterId, link.clusterId))
  ).map((r) => r.id)
  const pool = await tx
    .select({ proverb: proverbs.proverb, transliteration: proverbs.transliteration, groupId: proverbs.ethnicGroupId })
    .from(proverbs)
    .where(and(inArray(proverbs.ethnicGroupId, groupIds), notInArray(proverbs.id, inCluster)))
    .orderBy(proverbs.id)
  return {
    note: link.note,
    cousins: members.map((m) => ({ ...m, group: groups.find((g) => g.id === m.groupId)! })),
    others: new Map(groupIds.map((id) => [id, pool.filter((p) => p.groupId === id)])),
  }
}

/** How a proverb of another people reads as an option: its own words, then its rendering. */
export const cousinOption = (p: { proverb: string; transliteration: string }) => `${p.proverb} — “${p.transliteration.replace(/[.]$/, '')}”`

/**
 * A question made from a proverb: what it means, which people say it, how it ends, or (when it has cousins
 * among other peoples) which of another people's proverbs says the same. The kind is the batch's choice;
 * the question itself (its options and their order) depends only on the proverb, so it is made once and
 * shared by every batch that picks it.
 */
async function proverbQuestion(
  tx: Tx,
  proverbId: number,
  draw: number,
  groups: GroupRow[],
  peopleAllowed: boolean,
): Promise<{ id: number; kind: Exclude<QuizQuestionKind, 'fact'> }> {
  const [row] = await tx
    .select({
      id: proverbs.id,
      slug: proverbs.slug,
      ethnicGroupId: proverbs.ethnicGroupId,
      proverb: proverbs.proverb,
      interpretation: proverbs.interpretation,
      toneKey: proverbs.toneKey,
    })
    .from(proverbs)
    .where(eq(proverbs.id, proverbId))
  const split = splitProverb(row.proverb)
  const cousins = await cousinMaterial(tx, row, groups)
  const kinds = KINDS.filter(
    (kind) => (kind !== 'complete' || split) && (kind !== 'people' || peopleAllowed) && (kind !== 'cousin' || cousins),
  )
  const chosen = kinds[Math.floor(draw * kinds.length)]
  const group = groups.find((g) => g.id === row.ethnicGroupId)!
  const neighbours = await tx
    .select({
      id: proverbs.id,
      slug: proverbs.slug,
      ethnicGroupId: proverbs.ethnicGroupId,
      proverb: proverbs.proverb,
      interpretation: proverbs.interpretation,
      toneKey: proverbs.toneKey,
    })
    .from(proverbs)
    .where(and(eq(proverbs.ethnicGroupId, row.ethnicGroupId), ne(proverbs.toneKey, row.toneKey)))
    .orderBy(proverbs.id)
  // The drawn kind first, then the other kinds; a group too small for three wrong meanings or endings still
  // has seven other peoples to choose from, so "which people" is the last resort even when asked already.
  const order = [
    chosen,
    ...kinds.filter((kind) => kind !== chosen && kind !== 'people'),
    ...(chosen === 'people' ? [] : ['people' as const]),
  ]
  for (const kind of order) {
    const key = `${kind}:${row.slug}`
    const [existing] = await tx.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.key, key))
    if (existing) return { id: existing.id, kind }
    const own = seededRandom(key)
    const made =
      kind === 'cousin'
        ? cousins && makeCousinQuestion(row, group, cousins, own)
        : makeQuestion(kind, row, group, groups, shuffled(neighbours, own), own)
    if (made) return { id: await saveQuestion(tx, key, kind, row, made, own), kind }
  }
  throw new Error(`No question can be made from proverb ${row.slug}`)
}

async function saveQuestion(
  tx: Tx,
  key: string,
  kind: QuizQuestionKind,
  row: ProverbRow,
  made: { question: string; quote: string; answer: string; wrong: string[]; note?: string },
  own: () => number,
): Promise<number> {
  const [inserted] = await tx
    .insert(quizQuestions)
    .values({
      key,
      kind,
      ethnicGroupId: row.ethnicGroupId,
      proverbId: row.id,
      question: made.question,
      quote: made.quote,
      note: made.note ?? '',
    })
    .onConflictDoNothing()
    .returning({ id: quizQuestions.id })
  const id = inserted?.id ?? (await tx.select({ id: quizQuestions.id }).from(quizQuestions).where(eq(quizQuestions.key, key)))[0].id
  const options = shuffled([{ text: made.answer, correct: true }, ...made.wrong.map((text) => ({ text, correct: false }))], own)
  await tx
    .insert(answerOptions)
    .values(options.map((option, position) => ({ questionId: id, position, ...option })))
    .onConflictDoNothing()
  return id
}

/** The question's text, what it quotes, the right answer and three wrong ones (null when the group is too small). */
export function makeQuestion(
  kind: Exclude<QuizQuestionKind, 'fact'>,
  row: ProverbRow,
  group: GroupRow,
  groups: GroupRow[],
  neighbours: ProverbRow[],
  random: () => number,
): { question: string; quote: string; answer: string; wrong: string[] } | null {
  const distinct = (texts: string[], answer: string) => [...new Set(texts)].filter((t) => t !== answer).slice(0, 3)
  if (kind === 'people') {
    const wrong = shuffled(
      groups.filter((g) => g.id !== group.id).map((g) => g.name),
      random,
    ).slice(0, 3)
    return { question: 'Which people say this proverb?', quote: row.proverb, answer: group.name, wrong }
  }
  if (kind === 'meaning') {
    const wrong = distinct(
      neighbours.map((n) => n.interpretation),
      row.interpretation,
    )
    if (wrong.length < 3) return null
    return { question: `What does this ${group.name} proverb mean?`, quote: row.proverb, answer: row.interpretation, wrong }
  }
  const split = splitProverb(row.proverb)
  if (!split) return null
  // Endings cut as this one is: a whole clause against whole clauses, a word cut against word cuts.
  const tails = neighbours
    .map((n) => splitProverb(n.proverb))
    .filter((s): s is ProverbSplit => s?.at === split.at)
    .map((s) => s.tail)
  const wrong = distinct(tails, split.tail)
  if (wrong.length < 3) return null
  return { question: `How does this ${group.name} proverb end?`, quote: `${split.head} …`, answer: split.tail, wrong }
}

/**
 * "Which Akan proverb says the same as this Yoruba one?": one cousin of another people (the seed picks
 * which), against three other proverbs of that people; each option shows the proverb and its rendering.
 * The cluster's note says why. Null when that people has too few other proverbs.
 */
export function makeCousinQuestion(
  row: ProverbRow,
  group: GroupRow,
  material: CousinMaterial,
  random: () => number,
): { question: string; quote: string; answer: string; wrong: string[]; note: string } | null {
  for (const cousin of shuffled(material.cousins, random)) {
    const answer = cousinOption(cousin)
    const wrong = [...new Set(shuffled(material.others.get(cousin.group.id) ?? [], random).map(cousinOption))]
      .filter((o) => o !== answer)
      .slice(0, 3)
    if (wrong.length < 3) continue
    return {
      question: `Which ${cousin.group.name} proverb says the same as this ${group.name} one?`,
      quote: row.proverb,
      answer,
      wrong,
      note: material.note,
    }
  }
  return null
}

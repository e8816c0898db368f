import { asc, count, eq, sql } from 'drizzle-orm'
import type { AdminFaq, FaqInput } from '@core/admin/contract'
import type { Db, Tx } from '../../../db/client'
import { faqs } from '../../../db/schema'
import { lockForTakeOver, overridesOf, recordOverride } from '../../../db/seed/overrides'
import { readSeedFaqs } from '../../../db/seed/seed'
import { conflict, notFound } from '../../../http/errors'
import { audit } from '../../../services/audit'
import { conflictOnUnique, type Page } from '../shared'
import { ADMIN_API_TEXTS } from '@core/admin/api-texts'

const faqColumns = { id: faqs.id, question: faqs.question, answer: faqs.answer, position: faqs.position }

/** Seeding writes faq.json's questions back at each start (matched by question), except those an admin took over. */
async function withBuiltIn(db: Db | Tx, rows: Omit<AdminFaq, 'builtIn'>[]): Promise<AdminFaq[]> {
  const seeded = new Set(readSeedFaqs().map((faq) => faq.question))
  const overridden = await overridesOf(db, 'faq')
  return rows.map((row) => ({ ...row, builtIn: seeded.has(row.question) && !overridden.has(row.question) }))
}

async function questionTaken(tx: Tx, question: string, exceptId = 0): Promise<void> {
  const [row] = await tx.select({ id: faqs.id }).from(faqs).where(eq(faqs.question, question))
  if (row && row.id !== exceptId) throw conflict(ADMIN_API_TEXTS.faqExists, { question: ADMIN_API_TEXTS.faqExists })
}

/** An entry about to be changed or deleted; a built-in one is taken over (recorded) first. */
async function takeOver(tx: Tx, id: number, after: 'edited' | 'deleted'): Promise<AdminFaq> {
  await lockForTakeOver(tx)
  const [row] = await tx.select(faqColumns).from(faqs).where(eq(faqs.id, id)).for('update')
  if (!row) throw notFound(ADMIN_API_TEXTS.faqNotFound)
  const [faq] = await withBuiltIn(tx, [row])
  if (faq.builtIn) await recordOverride(tx, 'faq', faq.question, after === 'edited' ? id : null)
  return faq
}

/** A page of the FAQ in the order the public one lists it. */
export async function listFaqs(db: Db, { page, size }: Page): Promise<{ items: AdminFaq[]; total: number }> {
  const [{ total }] = await db.select({ total: count() }).from(faqs)
  const rows = await db
    .select(faqColumns)
    .from(faqs)
    .orderBy(asc(faqs.position), asc(faqs.id))
    .limit(size)
    .offset((page - 1) * size)
  return { items: await withBuiltIn(db, rows), total }
}

/** A new question, last unless a position is given; 409 when the question is already there. */
export async function createFaq(db: Db, actor: number, input: FaqInput, at: Date): Promise<AdminFaq> {
  const row = await db
    .transaction(async (tx) => {
      await questionTaken(tx, input.question)
      const position = input.position ?? sql<number>`(select coalesce(max(${faqs.position}), -1) + 1 from ${faqs})`
      const [row] = await tx.insert(faqs).values({ question: input.question, answer: input.answer, position }).returning(faqColumns)
      await audit(tx, actor, { action: 'faq.create', targetType: 'faq', targetId: row.id, detail: { question: row.question } }, at)
      return row
    })
    .catch(conflictOnUnique(ADMIN_API_TEXTS.faqExists, 'question'))
  return { ...row, builtIn: false }
}

export async function updateFaq(db: Db, actor: number, id: number, input: FaqInput, at: Date): Promise<AdminFaq> {
  return db
    .transaction(async (tx) => {
      const before = await takeOver(tx, id, 'edited')
      await questionTaken(tx, input.question, id)
      const [row] = await tx
        .update(faqs)
        .set({ question: input.question, answer: input.answer, position: input.position ?? before.position })
        .where(eq(faqs.id, id))
        .returning(faqColumns)
      await audit(
        tx,
        actor,
        {
          action: 'faq.update',
          targetType: 'faq',
          targetId: id,
          detail: { before: before.question, question: row.question, builtIn: before.builtIn },
        },
        at,
      )
      return { ...row, builtIn: false }
    })
    .catch(conflictOnUnique(ADMIN_API_TEXTS.faqExists, 'question'))
}

export async function deleteFaq(db: Db, actor: number, id: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await takeOver(tx, id, 'deleted')
    await tx.delete(faqs).where(eq(faqs.id, id))
    await audit(
      tx,
      actor,
      { action: 'faq.delete', targetType: 'faq', targetId: id, detail: { question: row.question, builtIn: row.builtIn } },
      at,
    )
  })
}

import { asc, count, eq, sql } from 'drizzle-orm'
import type { AdminFaq, FaqInput } from '@core/admin-contract'
import { faqInputSchema } from '@core/admin-validation'
import { API, ROUTES } from '@core/api-paths'
import type { Db, Tx } from '../../db/client'
import { lockForTakeOver, overridesOf, recordOverride } from '../../db/seed/overrides'
import { readSeedFaqs } from '../../db/seed/seed'
import { faqs } from '../../db/schema'
import { conflict, notFound } from '../../http/errors'
import { parseBody } from '../../http/validate'
import { audit } from '../../services/audit'
import { conflictOnUnique, paginated, pageOf, pathId, type AdminRoutes } from './shared'
import { ADMIN_TEXTS } from './texts'
import { LONG_TEXT_BODY } from '../../http/body-limits'

const faqColumns = { id: faqs.id, question: faqs.question, answer: faqs.answer, position: faqs.position }

/** Seeding writes faq.json's questions back at each start (matched by question), except those an operator took over. */
async function withBuiltIn(db: Db | Tx, rows: Omit<AdminFaq, 'builtIn'>[]): Promise<AdminFaq[]> {
  const seeded = new Set(readSeedFaqs().map((faq) => faq.question))
  const overridden = await overridesOf(db, 'faq')
  return rows.map((row) => ({ ...row, builtIn: seeded.has(row.question) && !overridden.has(row.question) }))
}

async function questionTaken(tx: Tx, question: string, exceptId = 0): Promise<void> {
  const [row] = await tx.select({ id: faqs.id }).from(faqs).where(eq(faqs.question, question))
  if (row && row.id !== exceptId) throw conflict(ADMIN_TEXTS.faqExists, { question: ADMIN_TEXTS.faqExists })
}

/** An entry about to be changed or deleted; a built-in one is taken over (recorded) first. */
async function takeOver(tx: Tx, id: number, after: 'edited' | 'deleted'): Promise<AdminFaq> {
  await lockForTakeOver(tx)
  const [row] = await tx.select(faqColumns).from(faqs).where(eq(faqs.id, id)).for('update')
  if (!row) throw notFound(ADMIN_TEXTS.faqNotFound)
  const [faq] = await withBuiltIn(tx, [row])
  if (faq.builtIn) await recordOverride(tx, 'faq', faq.question, after === 'edited' ? id : null)
  return faq
}

/** The public FAQ (API.faq) lists these by position; its cache is cleared on every change. */
export const faqRoutes: AdminRoutes = (app, { db, now, sendPublic }) => {
  app.get(API.admin.faqs, async (request) => {
    const paging = pageOf(request.query)
    const [{ total }] = await db.select({ total: count() }).from(faqs)
    const rows = await db
      .select(faqColumns)
      .from(faqs)
      .orderBy(asc(faqs.position), asc(faqs.id))
      .limit(paging.size)
      .offset((paging.page - 1) * paging.size)
    return paginated(await withBuiltIn(db, rows), total, paging)
  })

  app.post(API.admin.faqs, LONG_TEXT_BODY, async (request, reply) => {
    const input: FaqInput = await parseBody(faqInputSchema, request.body)
    const actor = request.auth!.userId
    const at = now()
    const row = await db
      .transaction(async (tx) => {
        await questionTaken(tx, input.question)
        const position = input.position ?? sql<number>`(select coalesce(max(${faqs.position}), -1) + 1 from ${faqs})`
        const [row] = await tx.insert(faqs).values({ question: input.question, answer: input.answer, position }).returning(faqColumns)
        await audit(tx, actor, { action: 'faq.create', targetType: 'faq', targetId: row.id, detail: { question: row.question } }, at)
        return row
      })
      .catch(conflictOnUnique(ADMIN_TEXTS.faqExists, 'question'))
    sendPublic.clear()
    return reply.code(201).send({ data: { ...row, builtIn: false } })
  })

  app.put<{ Params: { id: string } }>(ROUTES.admin.faq, LONG_TEXT_BODY, async (request) => {
    const id = pathId(request.params.id, ADMIN_TEXTS.faqNotFound)
    const input: FaqInput = await parseBody(faqInputSchema, request.body)
    const actor = request.auth!.userId
    const at = now()
    const row = await db
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
      .catch(conflictOnUnique(ADMIN_TEXTS.faqExists, 'question'))
    sendPublic.clear()
    return { data: row }
  })

  app.delete<{ Params: { id: string } }>(ROUTES.admin.faq, async (request) => {
    const id = pathId(request.params.id, ADMIN_TEXTS.faqNotFound)
    const actor = request.auth!.userId
    const at = now()
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
    sendPublic.clear()
    return { data: { id, deleted: true } }
  })
}

import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { faqs } from '../../db/schema'

/** The questions and answers, in the order admins gave them. */
export async function listFaqs(db: Db): Promise<{ id: number; question: string; answer: string }[]> {
  return db.select({ id: faqs.id, question: faqs.question, answer: faqs.answer }).from(faqs).orderBy(asc(faqs.position))
}

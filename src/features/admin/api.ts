import { ADMIN_API } from '@/core/admin/api-paths'
import type {
  AdminAdvert,
  AdminCategory,
  AdminCorrection,
  CorrectionStatus,
  AdminFaq,
  AdminMail,
  AdminPayment,
  AdminProverb,
  AdminQuizQuestion,
  AdminSuggestion,
  AdminUser,
  ApproveSuggestionInput,
  AuditEntry,
  BroadcastInput,
  BroadcastResult,
  CategoryInput,
  ContactMessage,
  FaqInput,
  ImportReport,
  MailStatusFilter,
  ProverbInput,
  QuizQuestionInput,
  SuggestionStatus,
} from '@/core/admin/contract'
import type { Insights } from '@/core/analytics/contract'
import type { DayRange } from '@/core/analytics/insights-range'
import type { Paginated } from '@/core/http/contract'
import type { AcceptCorrectionInput } from '@/core/community/corrections'
import { PAGE_SIZE_MAX } from '@/core/shared/constants'
import { apiGet, apiGetPage, apiSend, apiUpload, withQuery } from '@/lib/api-client'

const auth = { auth: true } as const
const A = ADMIN_API

/** What every paged list takes, besides its own filters. */
export type PageQuery = { page: number; size: number }

const page = <T>(path: string, query: Record<string, string | number | boolean | undefined>, signal?: AbortSignal) =>
  apiGetPage<Paginated<T>>(
    withQuery(
      path,
      Object.fromEntries(Object.entries(query).map(([key, value]) => [key, typeof value === 'boolean' ? String(value) : value])),
    ),
    { ...auth, signal },
  )
const send = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => apiSend<T>(method, path, body, auth)

// ——— Suggestions ———
export const fetchSuggestions = (q: PageQuery & { status: SuggestionStatus }, signal?: AbortSignal) =>
  page<AdminSuggestion>(A.suggestions, q, signal)
export const approveSuggestion = (id: number, input: ApproveSuggestionInput) =>
  send<AdminSuggestion>('POST', A.approveSuggestion(id), input)
export const rejectSuggestion = (id: number, reason: string) => send<AdminSuggestion>('POST', A.rejectSuggestion(id), { reason })

// ——— Readers' corrections and speakers' checks ———
export const fetchCorrections = (q: PageQuery & { status: CorrectionStatus }, signal?: AbortSignal) =>
  page<AdminCorrection>(A.corrections, q, signal)
export const acceptCorrection = (id: number, input: AcceptCorrectionInput) => send<AdminCorrection>('POST', A.acceptCorrection(id), input)
export const declineCorrection = (id: number, reason: string) => send<AdminCorrection>('POST', A.declineCorrection(id), { reason })
export const markChecked = (id: number, name: string) => send<AdminProverb>('PUT', A.proverbChecked(id), { name })
export const unmarkChecked = (id: number) => send<AdminProverb>('DELETE', A.proverbChecked(id))

// ——— Proverbs ———
export type ProverbFilter = PageQuery & { q?: string; ethnic?: string }
export const fetchProverbs = (q: ProverbFilter, signal?: AbortSignal) => page<AdminProverb>(A.proverbs, q, signal)
export const createProverb = (input: ProverbInput) => send<AdminProverb>('POST', A.proverbs, input)
export const updateProverb = (id: number, input: ProverbInput) => send<AdminProverb>('PUT', A.proverb(id), input)
export const deleteProverb = (id: number) => send<unknown>('DELETE', A.proverb(id))
export const proverbRows = { create: createProverb, update: updateProverb, remove: deleteProverb }

export function importProverbs(file: File, onProgress: (fraction: number) => void): Promise<ImportReport> {
  const form = new FormData()
  form.append('file', file)
  return apiUpload<ImportReport>(A.proverbImport, form, onProgress)
}

/** The short lists (categories, FAQ, adverts) whole: page after page of the largest size the server gives. */
async function everyRow<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const rows: T[] = []
  for (let pageNo = 1, pages = 1; pageNo <= pages; pageNo++) {
    const body = await apiGetPage<Paginated<T>>(withQuery(path, { page: pageNo, size: PAGE_SIZE_MAX }), { ...auth, signal })
    rows.push(...body.data)
    pages = body.totalPages
  }
  return rows
}

// ——— Categories, FAQ ———
export const fetchCategories = (signal?: AbortSignal) => everyRow<AdminCategory>(A.categories, signal)
export const createCategory = (input: CategoryInput) => send<AdminCategory>('POST', A.categories, input)
export const updateCategory = (id: number, input: CategoryInput) => send<AdminCategory>('PUT', A.category(id), input)
export const deleteCategory = (id: number) => send<unknown>('DELETE', A.category(id))
export const categoryRows = { create: createCategory, update: updateCategory, remove: deleteCategory }

export const fetchFaqs = (signal?: AbortSignal) => everyRow<AdminFaq>(A.faqs, signal)
export const createFaq = (input: FaqInput) => send<AdminFaq>('POST', A.faqs, input)
export const updateFaq = (id: number, input: FaqInput) => send<AdminFaq>('PUT', A.faq(id), input)
export const deleteFaq = (id: number) => send<unknown>('DELETE', A.faq(id))
export const faqRows = { create: createFaq, update: updateFaq, remove: deleteFaq }

// ——— Quiz bank ———
/** `general`: the questions about all peoples (no group). */
export type QuizFilter = PageQuery & { q?: string; ethnicGroupId?: number | 'general' }
export const fetchQuizQuestions = (q: QuizFilter, signal?: AbortSignal) => page<AdminQuizQuestion>(A.quizQuestions, q, signal)
export const createQuizQuestion = (input: QuizQuestionInput) => send<AdminQuizQuestion>('POST', A.quizQuestions, input)
export const updateQuizQuestion = (id: number, input: QuizQuestionInput) => send<AdminQuizQuestion>('PUT', A.quizQuestion(id), input)
/** The server retires the question (past quizzes keep it). */
export const retireQuizQuestion = (id: number) => send<unknown>('DELETE', A.quizQuestion(id))
export const quizQuestionRows = { create: createQuizQuestion, update: updateQuizQuestion, remove: retireQuizQuestion }

// ——— Adverts, broadcasts ———
export const fetchAdverts = (signal?: AbortSignal) => everyRow<AdminAdvert>(A.adverts, signal)
export type AdvertUpload = { file: File; name: string; alt: string; link: string }
export function uploadAdvert(input: AdvertUpload, onProgress: (fraction: number) => void): Promise<AdminAdvert> {
  const form = new FormData()
  form.append('file', input.file)
  form.append('name', input.name)
  form.append('alt', input.alt)
  if (input.link) form.append('link', input.link)
  return apiUpload<AdminAdvert>(A.adverts, form, onProgress)
}
export type AdvertChanges = { active?: boolean; alt?: string; link?: string | null; position?: number }
export const updateAdvert = (id: number, changes: AdvertChanges) => send<AdminAdvert>('PATCH', A.advert(id), changes)
/** Every advert's id, in the order to show them: applied at once, or refused (409) if the list changed. */
export const reorderAdverts = (ids: number[]) => send<AdminAdvert[]>('PUT', A.advertOrder, { ids })
export const deleteAdvert = (id: number) => send<unknown>('DELETE', A.advert(id))

/** The key makes a retried send (a double press, a dropped answer) reach nobody twice. */
export const sendBroadcast = ({ key, ...input }: BroadcastInput & { key: string }) =>
  apiSend<BroadcastResult>('POST', A.broadcast, input, { ...auth, headers: { 'Idempotency-Key': key } })

// ——— Messages, people, money, audit ———
export const fetchContactMessages = (q: PageQuery & { unread?: boolean }, signal?: AbortSignal) =>
  page<ContactMessage>(A.contactMessages, q, signal)
export const markMessageRead = (id: number) => send<ContactMessage>('POST', A.contactMessageRead(id))
export const fetchUsers = (q: PageQuery & { q?: string }, signal?: AbortSignal) => page<AdminUser>(A.users, q, signal)
export const fetchPayments = (q: PageQuery & { status?: AdminPayment['status'] }, signal?: AbortSignal) =>
  page<AdminPayment>(A.payments, q, signal)
export const fetchAudit = (q: PageQuery, signal?: AbortSignal) => page<AuditEntry>(A.audit, q, signal)

// ——— Insights ———
export const fetchInsights = (range: DayRange, signal?: AbortSignal) => apiGet<Insights>(withQuery(A.insights, range), { ...auth, signal })

// ——— Mail queue ———
export type MailFilter = PageQuery & { status: MailStatusFilter }
export const fetchMail = (q: MailFilter, signal?: AbortSignal) => page<AdminMail>(A.mail, q, signal)
/** A failed mail back in the queue, due now; refused (404) when it is no longer failed. */
export const retryMail = (id: number) => send<AdminMail>('POST', A.mailRetry(id))

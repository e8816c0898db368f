import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AdminPayment, CorrectionStatus, SuggestionStatus } from '@/core/admin/contract'
import type { DayRange } from '@/core/analytics/insights-range'
import { privateKey } from '@/lib/query-keys'
import {
  fetchAdverts,
  fetchAudit,
  fetchCategories,
  fetchContactMessages,
  fetchCorrections,
  fetchFaqs,
  fetchInsights,
  fetchMail,
  fetchPayments,
  fetchProverbs,
  fetchQuizQuestions,
  fetchSuggestions,
  fetchUsers,
  type MailFilter,
  type PageQuery,
  type ProverbFilter,
  type QuizFilter,
} from './api'

/** Private (emails, payments): under `privateKeys.user(userId)`, so everything goes at sign-out. */
export const adminKeys = {
  all: (userId: number) => privateKey(userId, 'admin'),
  section: (userId: number, section: string) => [...adminKeys.all(userId), section] as const,
  suggestions: (userId: number, q: PageQuery & { status: SuggestionStatus }) => [...adminKeys.section(userId, 'suggestions'), q] as const,
  corrections: (userId: number, q: PageQuery & { status: CorrectionStatus }) => [...adminKeys.section(userId, 'corrections'), q] as const,
  proverbs: (userId: number, q: ProverbFilter) => [...adminKeys.section(userId, 'proverbs'), q] as const,
  categories: (userId: number) => adminKeys.section(userId, 'categories'),
  faqs: (userId: number) => adminKeys.section(userId, 'faqs'),
  quiz: (userId: number, q: QuizFilter) => [...adminKeys.section(userId, 'quiz'), q] as const,
  adverts: (userId: number) => adminKeys.section(userId, 'adverts'),
  messages: (userId: number, q: PageQuery & { unread?: boolean }) => [...adminKeys.section(userId, 'messages'), q] as const,
  users: (userId: number, q: PageQuery & { q?: string }) => [...adminKeys.section(userId, 'users'), q] as const,
  payments: (userId: number, q: PageQuery & { status?: AdminPayment['status'] }) => [...adminKeys.section(userId, 'payments'), q] as const,
  audit: (userId: number, q: PageQuery) => [...adminKeys.section(userId, 'audit'), q] as const,
  mail: (userId: number, q: MailFilter) => [...adminKeys.section(userId, 'mail'), q] as const,
  insights: (userId: number, range: DayRange) => [...adminKeys.section(userId, 'insights'), range] as const,
}

/** A new page keeps the last one on screen while it loads. */
const paged = { placeholderData: keepPreviousData } as const

export const suggestionsQuery = (userId: number, q: PageQuery & { status: SuggestionStatus }) =>
  queryOptions({ queryKey: adminKeys.suggestions(userId, q), queryFn: ({ signal }) => fetchSuggestions(q, signal) })
export const correctionsQuery = (userId: number, q: PageQuery & { status: CorrectionStatus }) =>
  queryOptions({ queryKey: adminKeys.corrections(userId, q), queryFn: ({ signal }) => fetchCorrections(q, signal) })
export const proverbsQuery = (userId: number, q: ProverbFilter) =>
  queryOptions({ queryKey: adminKeys.proverbs(userId, q), queryFn: ({ signal }) => fetchProverbs(q, signal), ...paged })
export const categoriesQuery = (userId: number) =>
  queryOptions({ queryKey: adminKeys.categories(userId), queryFn: ({ signal }) => fetchCategories(signal) })
export const faqsQuery = (userId: number) => queryOptions({ queryKey: adminKeys.faqs(userId), queryFn: ({ signal }) => fetchFaqs(signal) })
export const quizQuestionsQuery = (userId: number, q: QuizFilter) =>
  queryOptions({ queryKey: adminKeys.quiz(userId, q), queryFn: ({ signal }) => fetchQuizQuestions(q, signal), ...paged })
export const advertsQuery = (userId: number) =>
  queryOptions({ queryKey: adminKeys.adverts(userId), queryFn: ({ signal }) => fetchAdverts(signal) })
export const messagesQuery = (userId: number, q: PageQuery & { unread?: boolean }) =>
  queryOptions({ queryKey: adminKeys.messages(userId, q), queryFn: ({ signal }) => fetchContactMessages(q, signal), ...paged })
export const usersQuery = (userId: number, q: PageQuery & { q?: string }) =>
  queryOptions({ queryKey: adminKeys.users(userId, q), queryFn: ({ signal }) => fetchUsers(q, signal), ...paged })
export const paymentsQuery = (userId: number, q: PageQuery & { status?: AdminPayment['status'] }) =>
  queryOptions({ queryKey: adminKeys.payments(userId, q), queryFn: ({ signal }) => fetchPayments(q, signal), ...paged })
export const auditQuery = (userId: number, q: PageQuery) =>
  queryOptions({ queryKey: adminKeys.audit(userId, q), queryFn: ({ signal }) => fetchAudit(q, signal), ...paged })
export const mailQuery = (userId: number, q: MailFilter) =>
  queryOptions({
    queryKey: adminKeys.mail(userId, q),
    queryFn: ({ signal }) => fetchMail(q, signal),
    // The next page keeps this one on screen while it loads; another status does not (its rows, and their
    // "Send again", would show under the wrong tab).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[4].status === q.status ? previous : undefined),
  })
export const insightsQuery = (userId: number, range: DayRange) =>
  queryOptions({ queryKey: adminKeys.insights(userId, range), queryFn: ({ signal }) => fetchInsights(range, signal) })

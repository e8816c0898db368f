/**
 * The admin console's API paths: admin only (403 for everyone else); see server/src/features/admin. Kept apart
 * from src/core/http/api-paths.ts so that a reader's pages do not carry them; the console, the
 * server and the tests import them from here.
 */

export const ADMIN_API = {
  suggestions: '/api/admin/suggestions',
  /** POST { proverb, transliteration, interpretation, ethnicGroupId, categoryIds }: edit and publish. */
  approveSuggestion: (id: number) => `/api/admin/suggestions/${id}/approve`,
  /** POST { reason } */
  rejectSuggestion: (id: number) => `/api/admin/suggestions/${id}/reject`,
  proverbs: '/api/admin/proverbs',
  proverb: (id: number) => `/api/admin/proverbs/${id}`,
  /** PUT { name }: a speaker of the language checked it; DELETE takes the mark away. */
  proverbChecked: (id: number) => `/api/admin/proverbs/${id}/checked`,
  /** ?status=pending|accepted|declined: readers' corrections, each with the proverb as it is now. */
  corrections: '/api/admin/corrections',
  /** POST AcceptCorrectionInput: the proverb takes the (tidied) correction. */
  acceptCorrection: (id: number) => `/api/admin/corrections/${id}/accept`,
  /** POST { reason } */
  declineCorrection: (id: number) => `/api/admin/corrections/${id}/decline`,
  /** POST a CSV or JSON file (multipart): validated row by row, with a report. */
  proverbImport: '/api/admin/proverbs/import',
  categories: '/api/admin/categories',
  category: (id: number) => `/api/admin/categories/${id}`,
  faqs: '/api/admin/faqs',
  faq: (id: number) => `/api/admin/faqs/${id}`,
  quizQuestions: '/api/admin/quiz-questions',
  quizQuestion: (id: number) => `/api/admin/quiz-questions/${id}`,
  adverts: '/api/admin/adverts',
  advert: (id: number) => `/api/admin/adverts/${id}`,
  /** PUT { ids }: every advert's id once, in the order to show them (one transaction). */
  advertOrder: '/api/admin/adverts/order',
  /** POST { title, body, url?, ethnicGroupId? }: in-app (and push) to everyone or one group's readers. */
  broadcast: '/api/admin/broadcasts',
  contactMessages: '/api/admin/contact-messages',
  /** POST: marks a contact message read. */
  contactMessageRead: (id: number) => `/api/admin/contact-messages/${id}/read`,
  users: '/api/admin/users',
  payments: '/api/admin/payments',
  audit: '/api/admin/audit',
  /** GET ?from=YYYY-MM-DD&to=YYYY-MM-DD (UTC days, at most 366; default the last 30): Insights (src/core/analytics/contract.ts). */
  insights: '/api/admin/insights',
  /** GET ?status=failed|waiting|sent|kept: the mail queue (never a mail's text or link). */
  mail: '/api/admin/mail',
  /** POST: a failed mail back in the queue, due now. */
  mailRetry: (id: number) => `/api/admin/mail/${id}/retry`,
} as const

/**
 * The server's route templates for the admin paths above that the client builds with a function, under the
 * same names (as ROUTES is to API in src/core/http/api-paths.ts); api-paths.test.ts checks that every builder
 * fills its template and that neither table has a name the other lacks.
 */
export const ADMIN_ROUTES = {
  approveSuggestion: '/api/admin/suggestions/:id/approve',
  rejectSuggestion: '/api/admin/suggestions/:id/reject',
  proverb: '/api/admin/proverbs/:id',
  proverbChecked: '/api/admin/proverbs/:id/checked',
  acceptCorrection: '/api/admin/corrections/:id/accept',
  declineCorrection: '/api/admin/corrections/:id/decline',
  category: '/api/admin/categories/:id',
  faq: '/api/admin/faqs/:id',
  quizQuestion: '/api/admin/quiz-questions/:id',
  advert: '/api/admin/adverts/:id',
  contactMessageRead: '/api/admin/contact-messages/:id/read',
  mailRetry: '/api/admin/mail/:id/retry',
} as const

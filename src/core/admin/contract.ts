/**
 * Shapes of the admins' API (/api/admin/, admin role only) and the community calls. Lists use the
 * usual `Paginated<T>` envelope (?page&size); single answers `{ data }`.
 */

import type { CorrectableTexts } from '../community/corrections'
import type { ProverbSource, SpeakerCheck } from '../proverbs/contract'

// ——— Community ———

export type SuggestionStatus = 'pending' | 'approved' | 'rejected'

/** A suggestion as the moderator sees it. */
export type AdminSuggestion = {
  id: number
  email: string
  name: string
  ethnic: string
  language: string
  suggestedCategory: string
  suggestedProverb: string
  suggestedEnglishTransliteration: string
  suggestedEnglishInterpretation: string
  status: SuggestionStatus
  /** An existing proverb with the same text ignoring tone marks. */
  duplicateOf: { id: number; slug: string; proverb: string } | null
  rejectReason: string | null
  /** The proverb published from it (after approval). */
  proverbId: number | null
  /** Whether the suggester has an account (and so will be notified). */
  fromUser: boolean
  createdAt: string
  reviewedAt: string | null
}

/** What the moderator publishes (edited from the suggestion). */
export type ApproveSuggestionInput = {
  proverb: string
  transliteration: string
  interpretation: string
  ethnicGroupId: number
  categoryIds: number[]
}

export type RejectSuggestionInput = { reason: string }

export type ContactMessage = {
  id: number
  email: string
  firstName: string
  surname: string
  phoneNumber: string
  message: string
  createdAt: string
  readAt: string | null
}

// ——— Corpus ———

export type AdminProverb = {
  id: number
  slug: string
  proverb: string
  transliteration: string
  interpretation: string
  ethnicGroupId: number
  categoryIds: number[]
  /** 'seed' (the corpus files), 'community' (an approved suggestion), 'admin', 'import'. */
  source: string
  /** Where it is recorded (the page shows them as "Recorded in …"). */
  sources: ProverbSource[]
  checkedBy: SpeakerCheck | null
}

/** Create or replace (PUT) a proverb; `sources` left out keeps the ones it has. */
export type ProverbInput = Omit<AdminProverb, 'id' | 'slug' | 'source' | 'sources' | 'checkedBy'> & { sources?: ProverbSource[] }

export type CorrectionStatus = 'pending' | 'accepted' | 'declined'

/** A reader's correction with the proverb as it read when sent and as it reads now (it may have changed since). */
export type AdminCorrection = {
  id: number
  status: CorrectionStatus
  proverbId: number | null
  proverbSlug: string | null
  ethnicName: string | null
  name: string
  email: string
  fromUser: boolean
  /** As the reader saw it. */
  before: CorrectableTexts
  /** As the proverb reads now; null when it has been deleted. */
  current: CorrectableTexts | null
  proposed: CorrectableTexts & { source: string }
  /** What the proposal changes against what the reader saw ("tone marks", "rendering", …). */
  changes: string[]
  note: string
  declineReason: string | null
  createdAt: string
  reviewedAt: string | null
}

export type DeclineCorrectionInput = { reason: string }

/**
 * `builtIn`: the row comes from Òwe's own files (server/src/db/seed) and is kept in step with them at each
 * start. Changing or deleting it from the console makes it the admins' own: seeding leaves it alone
 * from then on (ADR 010, seed overrides). For proverbs the same fact is `source === 'seed'`.
 */
export type AdminCategory = { id: number; name: string; slug: string; proverbCount: number; builtIn: boolean }
export type CategoryInput = { name: string }

export type AdminFaq = { id: number; question: string; answer: string; position: number; builtIn: boolean }
export type FaqInput = { question: string; answer: string; position?: number }

/** One row the import refused, and why (row numbers count from 1, the CSV header not counted). */
export type ImportRejection = { row: number; reason: string }
export type ImportReport = { received: number; imported: number; duplicates: number; rejected: ImportRejection[] }

// ——— Quiz bank ———

export type AdminQuizQuestion = {
  id: number
  /** The group it is about; null for general questions. */
  ethnicGroupId: number | null
  question: string
  options: string[]
  /** Index into options. */
  correct: number
  /** Why the answer is true, for reviewers. */
  note: string
  active: boolean
  /** From the quiz bank files (see AdminCategory). */
  builtIn: boolean
}
export type QuizQuestionInput = Omit<AdminQuizQuestion, 'id' | 'active' | 'builtIn'> & { active?: boolean }

// ——— Adverts, broadcasts ———

/** Adverts are shown in `position` order (ascending, then id); PATCH { position } reorders. */
export type AdminAdvert = {
  id: number
  name: string
  type: 'image/webp' | 'video/mp4'
  alt: string
  link: string | null
  active: boolean
  bytes: number
  source: string
  position: number
}

/** To everyone (no group) or to the readers of one group. */
export type BroadcastInput = { title: string; body: string; url?: string | null; ethnicGroupId?: number | null }
export type BroadcastResult = { reached: number }

// ——— People and money ———

export type AdminUser = {
  id: number
  email: string
  firstName: string
  lastName: string
  role: 'user' | 'admin'
  activated: boolean
  createdAt: string
  /** The package in force, if any. */
  activePackage: { plan: string; expiresAt: string; autoRenew: boolean } | null
}

export type AdminPayment = {
  reference: string
  userEmail: string
  planName: string
  amount: number
  currency: 'USD' | 'NGN'
  status: 'pending' | 'success' | 'failed' | 'abandoned'
  purpose: 'subscribe' | 'renewal'
  provider: 'paystack' | 'stripe' | 'test'
  createdAt: string
}

/** Which mails the console lists: refused or given up, waiting to be (re)sent, delivered, or kept without SMTP. */
export const MAIL_STATUS_FILTERS = ['failed', 'waiting', 'sent', 'kept'] as const
export type MailStatusFilter = (typeof MAIL_STATUS_FILTERS)[number]

/** A mail in the queue as admins see it: who, what, how it went; never its text or link. */
export type AdminMail = {
  id: number
  to: string
  subject: string
  status: 'kept' | 'pending' | 'sending' | 'sent' | 'failed'
  attempts: number
  lastError: string | null
  createdAt: string
  nextAttemptAt: string
  sentAt: string | null
}

export type AuditEntry = {
  id: number
  actor: { id: number; email: string } | null
  action: string
  targetType: string | null
  targetId: string | null
  detail: string | null
  createdAt: string
}

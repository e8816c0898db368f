import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { EVENT_TYPES } from '@core/analytics/contract'
import { LEARNING_KINDS, MAX_OFFSET_MINUTES } from '@core/learning/contract'
import type { ProverbSource } from '@core/proverbs/contract'
import type { DeckCard } from '@core/learning/schedule'

export const ethnicGroups = pgTable('ethnic_groups', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  language: text('language').notNull(),
  position: integer('position').notNull(),
})

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
})

export const proverbs = pgTable(
  'proverbs',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    ethnicGroupId: integer('ethnic_group_id')
      .notNull()
      .references(() => ethnicGroups.id),
    proverb: text('proverb').notNull(),
    transliteration: text('transliteration').notNull(),
    interpretation: text('interpretation').notNull(),
    /** foldForSearch(proverb): tone variants share it; also the tone-insensitive search column. */
    toneKey: text('tone_key').notNull(),
    /** foldForSearch of the English rendering and meaning. */
    englishFolded: text('english_folded').notNull(),
    likes: integer('likes').notNull().default(0),
    /** 'seed' rows mirror the corpus files and are removed when dropped from them; others are kept. */
    source: text('source').notNull().default('seed'),
    /** Where the proverb is recorded (pages and published collections), shown as "Recorded in …". */
    sources: jsonb('sources')
      .$type<ProverbSource[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A speaker of the language who checked it, and when (set by admins). */
    checkedBy: text('checked_by'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('proverbs_group_idx').on(t.ethnicGroupId, t.id),
    index('proverbs_tone_key_idx').on(t.toneKey),
    index('proverbs_likes_idx').on(t.likes),
  ],
)

export const proverbCategories = pgTable(
  'proverb_categories',
  {
    proverbId: integer('proverb_id')
      .notNull()
      .references(() => proverbs.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.proverbId, t.categoryId] }), index('proverb_categories_category_idx').on(t.categoryId)],
)

export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Yearly price in US dollars (docs/requirements.md#r5-plans-and-payments: prices are stored in dollars). */
  amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
  noOfEthnics: integer('no_of_ethnics').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull(),
})

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('faqs_question_idx').on(t.question)],
)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

const createdAt = () =>
  timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`)

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased and trimmed; unique. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    /** The plan chosen at sign-up; paying for it makes a user package active. */
    packageId: integer('package_id').references(() => packages.id),
    promoCode: text('promo_code'),
    /** The ad toggle (docs/requirements.md#r8-adverts): a subscriber who turns it on sees adverts too. */
    showAds: boolean('show_ads').notNull().default(false),
    /** 'admin' runs the service (made by `npm run admin:create`, never by sign-up). */
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_phone_idx').on(t.phoneNumber)],
)

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/** Single-use links sent by email: account activation and password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'payment' lets a sign-up that has not activated yet pay for its plan (short-lived). */
    purpose: text('purpose', { enum: ['activate', 'reset', 'payment'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose), index('email_tokens_expires_idx').on(t.expiresAt)],
)

/**
 * Every mail the server sends, committed with the change that caused it (ADR 011). Without SMTP a row is
 * 'kept' (its link printed to the log, so a local user can still activate). With SMTP it is 'pending' until
 * the mail worker delivers it ('sent'); a temporary failure waits `next_attempt_at` and tries again, a
 * refusal or too many failures is 'failed' and shown to admins. A row a worker has claimed is 'sending'
 * until `locked_until`; a worker that died while sending leaves it to be claimed again.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    link: text('link'),
    /** The Reply-To header's name and address (a contact message forwarded: its sender). */
    replyToName: text('reply_to_name'),
    replyToAddress: text('reply_to_address'),
    status: text('status', { enum: ['kept', 'pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('kept'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'sending')`),
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
  ],
)

/** Fixed-window counters, in the database so that several server instances share one limit. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
)

export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    percentOff: integer('percent_off').notNull(),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** How many successful payments may use it; null for no limit. */
    maxUses: integer('max_uses'),
    /** Successful payments that used it, counted when each succeeds. */
    uses: integer('uses').notNull().default(0),
    /** The user whose referral code this is (one each); null for the admins' codes. */
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('promo_codes_owner_idx').on(t.ownerUserId)],
)

export const userAddresses = pgTable('user_addresses', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  country: text('country').notNull(),
  state: text('state').notNull(),
  city: text('city').notNull(),
  street: text('street').notNull(),
  houseNumber: text('house_number').notNull(),
  postalCode: text('postal_code').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

export const userPictures = pgTable('user_pictures', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mimeType: text('mime_type').notNull(),
  content: bytea('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

/** The groups a user chose, in the order chosen; without an active package only the first is readable. */
export const userLanguages = pgTable(
  'user_languages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ethnicGroupId: integer('ethnic_group_id')
      .notNull()
      .references(() => ethnicGroups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ethnicGroupId] })],
)

/**
 * A card (or other reusable method) a provider lets us charge again for auto-renewal: Paystack's
 * authorization_code, or Stripe's payment method with its customer.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['paystack', 'stripe', 'test'] }).notNull(),
    token: text('token').notNull(),
    /** Paystack: the customer's email or code; Stripe: the customer id. */
    customer: text('customer'),
    /** What the user recognises, e.g. "Visa ending 4081". */
    label: text('label'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_methods_provider_token_idx').on(t.provider, t.token), index('payment_methods_user_idx').on(t.userId)],
)

/** A paid period of a plan. A successful payment creates one; the language limits read them. */
export const userPackages = pgTable(
  'user_packages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** What auto-renewal charges; null when the payment left nothing reusable. */
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('user_packages_user_idx').on(t.userId, t.endsAt), index('user_packages_renew_idx').on(t.autoRenew, t.endsAt)],
)

/**
 * One attempt to pay, from checkout (or a renewal) to its outcome. The reference is unique: a renewal's
 * is made from the package it renews, so two server instances cannot both charge it. The status moves
 * once from 'pending'; only 'success' can follow 'failed' or 'abandoned' (the provider took the money
 * after all), and nothing follows 'success'.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    provider: text('provider', { enum: ['paystack', 'stripe', 'test'] }).notNull(),
    purpose: text('purpose', { enum: ['subscribe', 'renewal'] })
      .notNull()
      .default('subscribe'),
    currency: text('currency', { enum: ['USD', 'NGN'] }).notNull(),
    /** What is charged, in the currency's minor unit (cents, kobo), from the plan table and the promo code. */
    amountMinor: integer('amount_minor').notNull(),
    promoCode: text('promo_code'),
    percentOff: integer('percent_off').notNull().default(0),
    autoRenew: boolean('auto_renew').notNull().default(false),
    /** Started at the end of sign-up (returns to /register_payment_success). */
    registration: boolean('registration').notNull().default(false),
    status: text('status', { enum: ['pending', 'success', 'failed', 'abandoned'] })
      .notNull()
      .default('pending'),
    /** The provider's id for it: Paystack's access code, Stripe's Checkout Session or PaymentIntent id. */
    providerRef: text('provider_ref'),
    /** Where the provider's checkout waits: a retried click on the same payment lands on the same page. */
    checkoutUrl: text('checkout_url'),
    failureReason: text('failure_reason'),
    /** The package a renewal extends. */
    renewsUserPackageId: integer('renews_user_package_id').references(() => userPackages.id, { onDelete: 'set null' }),
    /** The package this payment made. */
    userPackageId: integer('user_package_id').references(() => userPackages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_status_idx').on(t.status, t.createdAt),
    // The payment that made a package (its currency for renewals, its option for the active package).
    index('payments_user_package_idx').on(t.userPackageId),
    // The renewals of a package (the expiry notice skips a package whose renewal was declined).
    index('payments_renews_idx').on(t.renewsUserPackageId),
  ],
)

/** The built-in test mode's checkout outcomes (no keys configured): what the labelled test page chose. */
export const testModeCharges = pgTable('test_mode_charges', {
  reference: text('reference').primaryKey(),
  outcome: text('outcome', { enum: ['success', 'failed', 'abandoned'] }).notNull(),
  /** "Pay, and decline renewals": the saved test card is refused when auto-renewal charges it. */
  declineRenewals: boolean('decline_renewals').notNull().default(false),
  createdAt: createdAt(),
})

/**
 * Adverts (docs/requirements.md#r8-adverts): a WebP image or an MP4 video, shown to users without an active package.
 */
export const adverts = pgTable('adverts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  mimeType: text('mime_type', { enum: ['image/webp', 'video/mp4'] }).notNull(),
  content: bytea('content').notNull(),
  /** What the advert says, for screen readers (and a caption under a video). */
  alt: text('alt').notNull(),
  /** Where its button leads inside the app, e.g. /pricing. */
  link: text('link'),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  /** 'seed' rows mirror the seed files; admins' uploads are never touched by seeding. */
  source: text('source').notNull().default('seed'),
  createdAt: createdAt(),
})

export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proverbId: integer('proverb_id')
      .notNull()
      .references(() => proverbs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.proverbId] })],
)

/** One like per user and proverb; proverbs.likes is their count, kept in the same transaction. */
export const proverbLikes = pgTable(
  'proverb_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proverbId: integer('proverb_id')
      .notNull()
      .references(() => proverbs.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.proverbId] }),
    index('proverb_likes_proverb_idx').on(t.proverbId),
    // Trending counts the likes of the last seven days.
    index('proverb_likes_created_idx').on(t.createdAt),
  ],
)

// ——— Quizzes (docs/requirements.md#r6-quizzes-and-leaderboard) ———

/** How a batch is composed (spec: questionProperty). Weekly ones give every user one batch a week. */
export const questionProperties = pgTable('question_properties', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull(),
  preferredCount: integer('preferred_count').notNull(),
  otherCount: integer('other_count').notNull(),
  generalCount: integer('general_count').notNull(),
  passScore: integer('pass_score').notNull(),
  weekly: boolean('weekly').notNull(),
  position: integer('position').notNull(),
})

/**
 * Every question a batch can hold, with one stable id (the spec's ethnicFactQuestionId): the seeded
 * ethnic-fact bank (kind 'fact'; a null group means a general question) and questions made from the corpus
 * (meaning, people, complete), created the first time a batch picks them and reused after.
 */
export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: serial('id').primaryKey(),
    /** Natural key: the bank's key, or `{kind}:{proverb slug}`. */
    key: text('key').notNull().unique(),
    kind: text('kind', { enum: ['fact', 'meaning', 'people', 'complete', 'cousin'] }).notNull(),
    ethnicGroupId: integer('ethnic_group_id').references(() => ethnicGroups.id),
    proverbId: integer('proverb_id').references(() => proverbs.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    /** The proverb quoted (or its first half), in its own script. */
    quote: text('quote'),
    /** Retired questions stay for the batches that hold them but are not picked again. */
    active: boolean('active').notNull().default(true),
    /** Why the answer is true, for reviewers (the bank's `note`). */
    note: text('note').notNull().default(''),
    /** Where a fact is recorded (the bank's `sources`), shown with the answer. */
    sources: jsonb('sources')
      .$type<ProverbSource[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [index('quiz_questions_group_idx').on(t.ethnicGroupId, t.kind)],
)

export const answerOptions = pgTable(
  'answer_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    correct: boolean('correct').notNull(),
  },
  (t) => [uniqueIndex('answer_options_question_idx').on(t.questionId, t.position)],
)

export const quizBatches = pgTable(
  'quiz_batches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => questionProperties.id),
    source: text('source', { enum: ['WEEKLY', 'USER'] }).notNull(),
    /** Monday of the batch's week. */
    weekStart: text('week_start').notNull(),
    /** WEEKLY: 0. USER: 1, 2, … within the week — with the others, what makes a batch unique. */
    ordinal: integer('ordinal').notNull(),
    passScore: integer('pass_score').notNull(),
    attempts: integer('attempts').notNull().default(0),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    correct: integer('correct'),
    points: integer('points'),
    createdAt: createdAt(),
  },
  (t) => [
    // Concurrent first requests of a week insert the same row; only one survives.
    uniqueIndex('quiz_batches_week_idx').on(t.userId, t.weekStart, t.source, t.propertyId, t.ordinal),
    index('quiz_batches_closed_idx').on(t.userId, t.closedAt),
  ],
)

export const quizBatchQuestions = pgTable(
  'quiz_batch_questions',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => quizBatches.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.position] }), uniqueIndex('quiz_batch_questions_question_idx').on(t.batchId, t.questionId)],
)

/** The answer that counts: one per batch and question, the last one received before the close. */
export const quizAnswers = pgTable(
  'quiz_answers',
  {
    batchId: integer('batch_id')
      .notNull()
      .references(() => quizBatches.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => quizQuestions.id),
    answerOptionId: integer('answer_option_id')
      .notNull()
      .references(() => answerOptions.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.questionId] })],
)

/**
 * Every Idempotency-Key a user has sent with an answer or a close, and what it did: a replay finds its key
 * here and changes nothing.
 */
export const quizReceipts = pgTable(
  'quiz_receipts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => quizBatches.id, { onDelete: 'cascade' }),
    questionId: integer('question_id'),
    answerOptionId: integer('answer_option_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)

/**
 * Every Idempotency-Key sent with a request a device may send again from its queues (src/offline/queue.ts) — a
 * favourite or a like, a suggestion, a correction — and the answer it got: a replay finds its receipt and gets the
 * same answer back, changing nothing. `scope` is who sent it (`user:<id>`, or `visitor`); `request` names what the
 * key was used on, so the key on another request is refused. Kept for RECEIPT_DAYS (server/src/http/receipts.ts).
 */
export const requestReceipts = pgTable(
  'request_receipts',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    request: text('request').notNull(),
    status: smallint('status').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('request_receipts_received_at_idx').on(t.receivedAt)],
)

/**
 * Leaderboard totals, kept when an attempt closes: one row per user for each week ('2026-11-16') and one
 * for all time ('all'). `finishedAt` is when the points were reached (earlier ranks first on a tie).
 */
export const leaderboardTotals = pgTable(
  'leaderboard_totals',
  {
    period: text('period').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.userId] }),
    index('leaderboard_rank_idx').on(t.period, t.points.desc(), t.finishedAt, t.userId),
  ],
)

/**
 * A user's in-app messages. Every one is made by `notify()` (server/src/services/notify.ts). `dedupeKey`
 * makes an event that may be noticed twice (two server instances, a job run again) one message: the
 * week's quizzes are 'quiz-week:2026-11-16', a reminder 'reminder:2026-11-22'.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where opening the message leads in the app (a path on our origin), if anywhere. */
    url: text('url'),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
)

/**
 * Push tokens (FCM registration tokens, or a Web Push subscription's endpoint): one row per token; a token moves with whoever saved it last. It
 * belongs to the session that saved it: when that session ends (sign-out, expiry, a password change
 * elsewhere) the browser gets no more of the account's pushes.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    token: text('token').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    deviceType: text('device_type').notNull(),
    /**
     * A Web Push subscription's keys (device_type WEBPUSH: the token is its endpoint on Apple's push service), which the
     * server encrypts each message for; null for an FCM token.
     */
    p256dh: text('p256dh'),
    auth: text('auth'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('device_tokens_user_idx').on(t.userId), index('device_tokens_session_idx').on(t.sessionId)],
)

/** The daily proverb reminder a user asked for: a minute of the day in their own IANA time zone. */
export const dailyReminders = pgTable('daily_reminders', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Minutes after local midnight, 0–1439. */
  minuteOfDay: smallint('minute_of_day').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
})

/** One row per reminder sent: the primary key is what makes it one a day, however many servers run. */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's own calendar day the reminder was for. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
)

/** A proverb a visitor or user suggests (docs/requirements.md#r9-community), waiting for a moderator. */
export const suggestions = pgTable(
  'suggestions',
  {
    id: serial('id').primaryKey(),
    /** The signed-in suggester, if any (visitors suggest too). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    ethnic: text('ethnic').notNull(),
    language: text('language').notNull(),
    suggestedCategory: text('suggested_category').notNull(),
    suggestedProverb: text('suggested_proverb').notNull(),
    suggestedEnglishTransliteration: text('suggested_english_transliteration').notNull(),
    suggestedEnglishInterpretation: text('suggested_english_interpretation').notNull(),
    /** foldForSearch(suggestedProverb), to find a proverb it repeats (tone marks ignored). */
    toneKey: text('tone_key').notNull(),
    /** An existing proverb with the same text ignoring tone marks, flagged for the moderator. */
    duplicateOfProverbId: integer('duplicate_of_proverb_id').references(() => proverbs.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectReason: text('reject_reason'),
    /** The proverb published from it. */
    proverbId: integer('proverb_id').references(() => proverbs.id, { onDelete: 'set null' }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('suggestions_status_idx').on(t.status, t.createdAt)],
)

/**
 * A message from the contact form (docs/requirements.md#r9-community), kept and, with SMTP, forwarded to the admins.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    phoneNumber: text('phone_number').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
)

/** Addresses that asked (by the signed link in an email) for no more non-essential mail or reminders. */
export const unsubscribes = pgTable('unsubscribes', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
})

/**
 * Secrets the server makes for itself when none is configured (e.g. 'link' signs unsubscribe links):
 * created once by whichever instance starts first, then read by every instance, so links survive
 * restarts and work on any server.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/** Every admin action: who, what, when (visible to admins). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. 'suggestion.approve', 'proverb.update', 'broadcast.send'. */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** A short JSON account of what changed. */
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
)

/**
 * Seeded rows an admin changed or deleted from the console (ADR 010). Seeding skips their keys, so the
 * next start does not undo the change; the row itself is the admins' from then on. `kind` and the key:
 * 'proverb' (the seeded slug), 'category' (the built-in name), 'faq' (the question in faq.json), 'quiz' (the
 * question's key in the bank files), 'advert' (the name in the adverts manifest). `target_id` is the row that took over (a renamed category keeps its
 * id, and the corpus's links to that name follow it); null when it was deleted.
 */
export const seedOverrides = pgTable(
  'seed_overrides',
  {
    kind: text('kind').notNull(),
    seedKey: text('seed_key').notNull(),
    targetId: integer('target_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.seedKey] })],
)

/**
 * Timed jobs that must run once per period however many servers run (housekeeping, hourly; the analytics
 * roll-up, daily): the instance whose insert lands runs it; the others find the row and skip.
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    /** The period claimed, e.g. the hour '2026-11-25T13' or the day '2026-11-25'. */
    period: text('period').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.job, t.period] })],
)

/**
 * Cousin proverbs: proverbs of different peoples that say the same thing, gathered under one shared thought
 * (`note`). Seeded from `seed/cousins.json` by key; a proverb belongs to one cluster at most.
 */
export const cousinClusters = pgTable('cousin_clusters', {
  id: serial('id').primaryKey(),
  key: text('key').notNull().unique(),
  note: text('note').notNull(),
})

export const proverbCousins = pgTable(
  'proverb_cousins',
  {
    clusterId: integer('cluster_id')
      .notNull()
      .references(() => cousinClusters.id, { onDelete: 'cascade' }),
    proverbId: integer('proverb_id')
      .notNull()
      .unique()
      .references(() => proverbs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.clusterId, t.proverbId] })],
)

/**
 * A reader's correction to a published proverb (visitors too): the texts as they read when it was sent
 * (`before_*`), as the reader would have them, a source to add and why; pending until an admin accepts
 * (the proverb takes it) or declines it with a reason.
 */
export const proverbCorrections = pgTable(
  'proverb_corrections',
  {
    id: serial('id').primaryKey(),
    proverbId: integer('proverb_id').references(() => proverbs.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    beforeProverb: text('before_proverb').notNull(),
    beforeTransliteration: text('before_transliteration').notNull(),
    beforeInterpretation: text('before_interpretation').notNull(),
    proverb: text('proverb').notNull(),
    transliteration: text('transliteration').notNull(),
    interpretation: text('interpretation').notNull(),
    source: text('source').notNull().default(''),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['pending', 'accepted', 'declined'] })
      .notNull()
      .default('pending'),
    declineReason: text('decline_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('proverb_corrections_status_idx').on(t.status, t.createdAt)],
)

/**
 * A proverb's published history, shown on its page: every accepted correction, admin's edit and speaker's
 * check, with the fields it changed (in the page's words) and the texts before and after (JSON).
 */
export const proverbChanges = pgTable(
  'proverb_changes',
  {
    id: serial('id').primaryKey(),
    proverbId: integer('proverb_id')
      .notNull()
      .references(() => proverbs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['correction', 'edit', 'checked'] }).notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    before: jsonb('before').$type<Record<string, unknown>>().notNull(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
    correctionId: integer('correction_id').references(() => proverbCorrections.id, { onDelete: 'set null' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('proverb_changes_proverb_idx').on(t.proverbId, t.createdAt)],
)

// ——— Analytics (docs/requirements.md#r17-analytics, ADR 018) ———

/**
 * What devices reported (src/core/analytics/contract.ts), one row per event, kept for
 * OWE_ANALYTICS_RETENTION_DAYS and then deleted once rolled up into `analytics_daily`. The device's id is
 * the key, so an event sent twice is stored once. `at` is the device's time and `day` its UTC day;
 * `visitor` is a keyed hash of the address and user agent with that day's secret, which is deleted once the
 * day has passed. No address, user agent or other identifier is stored.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey(),
    type: text('type', { enum: EVENT_TYPES }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: date('day').notNull(),
    path: text('path').notNull(),
    slug: text('slug'),
    q: text('q'),
    results: integer('results'),
    ethnic: text('ethnic'),
    detail: text('detail'),
    currency: text('currency'),
    visitor: text('visitor').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('analytics_events_day_idx').on(t.day, t.type)],
)

/**
 * The daily roll-up of `analytics_events` (server/src/services/analytics-daily.ts names the metrics): how
 * many events of a metric a day had, per dimension ('' when there is none: a page view, a search's words, a
 * proverb's slug…), how many distinct visitors where that is counted, and for searches the most proverbs
 * the day's searches found. A day is computed again whole while it still has raw rows.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day').notNull(),
    metric: text('metric').notNull(),
    dimension: text('dimension').notNull().default(''),
    count: integer('count').notNull(),
    visitors: integer('visitors'),
    results: integer('results'),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.dimension] }), index('analytics_daily_metric_idx').on(t.metric, t.day)],
)

/**
 * The daily counts of the metrics read as totals over a range (a proverb's views, a search's words, a
 * people's page, a sign-up step) summed per calendar month, kept in step with `analytics_daily` by the
 * roll-up: a year of Insights reads twelve months' rows instead of 365 days' (`last_day`: the month's last
 * day with such an event).
 */
export const analyticsMonthly = pgTable(
  'analytics_monthly',
  {
    month: date('month').notNull(),
    metric: text('metric').notNull(),
    dimension: text('dimension').notNull(),
    count: integer('count').notNull(),
    visitors: integer('visitors'),
    results: integer('results'),
    lastDay: date('last_day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.metric, t.dimension] }), index('analytics_monthly_metric_idx').on(t.metric, t.month)],
)

/**
 * One random secret per UTC day, made by the first request that needs it (insert … on conflict do nothing,
 * then read, so every instance uses the same one). Deleted once its day has passed: from then on nobody can
 * tell which address and browser made a day's visitor hashes.
 */
export const analyticsSecrets = pgTable('analytics_secrets', {
  day: date('day').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
})

// ——— Learning (docs/requirements.md#r18-learning, ADR 019) ———

/** A DeckCard as JSON keeps it: FSRS's dates as ISO text. */
type DeckCardJson = Omit<DeckCard, 'card'> & {
  card: Omit<DeckCard['card'], 'due' | 'last_review'> & { due: string; last_review?: string }
}

/**
 * Each reader's append-only learning log (src/core/learning/contract.ts): one row per entry a device made,
 * keyed by the device's id, so an entry sent twice is kept once. `seq` is the order entries reached the
 * server (a device pulls what came after the last one it saw); `at`, `day` and `utc_offset` are the device's
 * time, the reader's local day then and the device's offset from UTC ("offset" is an SQL keyword). A reader
 * reads a proverb at most once a day here: a second `read` of that proverb and day is a duplicate. Nothing
 * is edited; rows go with their reader, or with their proverb (as favourites do).
 */
export const learningEntries = pgTable(
  'learning_entries',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: LEARNING_KINDS }).notNull(),
    proverbId: integer('proverb_id').references(() => proverbs.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id').references(() => quizBatches.id, { onDelete: 'cascade' }),
    grade: smallint('grade'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    offset: smallint('utc_offset').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('learning_entries_seq_idx').on(t.userId, t.seq),
    index('learning_entries_day_idx').on(t.userId, t.day),
    uniqueIndex('learning_entries_read_idx')
      .on(t.userId, t.proverbId, t.day)
      .where(sql`kind = 'read'`),
    // Every device replays these rows: their shape is the contract's, whatever code wrote them.
    check('learning_entries_kind', sql`${t.kind} in (${sql.raw(LEARNING_KINDS.map((kind) => `'${kind}'`).join(', '))})`),
    check('learning_entries_proverb', sql`(${t.proverbId} is null) = (${t.kind} = 'quiz')`),
    check('learning_entries_batch', sql`(${t.batchId} is not null) = (${t.kind} = 'quiz')`),
    check('learning_entries_grade', sql`(${t.grade} is not null) = (${t.kind} = 'review') and ${t.grade} between 1 and 4`),
    check(
      'learning_entries_offset',
      sql`${t.offset} between ${sql.raw(String(-MAX_OFFSET_MINUTES))} and ${sql.raw(String(MAX_OFFSET_MINUTES))}`,
    ),
  ],
)

/**
 * Each reader's cards as the log's replay (replayDeck) leaves them: whether in the deck, when next due, and
 * the whole card (FSRS's state with it), with the last entry replayed into it in the order things happened.
 * Kept up to date as each batch is stored (a card depends on its own entries only): continued from the kept
 * card with entries that happened after its last one, replayed from all its entries otherwise. The summary
 * and the daily reminder count due cards in SQL instead of replaying decks.
 */
export const learningCards = pgTable(
  'learning_cards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    proverbId: integer('proverb_id')
      .notNull()
      .references(() => proverbs.id, { onDelete: 'cascade' }),
    inDeck: boolean('in_deck').notNull(),
    due: timestamp('due', { withTimezone: true }).notNull(),
    /** The DeckCard (src/core/learning/schedule.ts) as JSON: its dates written as ISO text. */
    card: jsonb('card').$type<DeckCardJson>().notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    lastId: uuid('last_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.proverbId] })],
)

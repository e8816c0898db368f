/** Response and entity shapes of the API (the envelope: docs/requirements.md#r15-api-contract). */

export type DataEnvelope<T> = { data: T }

export type Paginated<T> = {
  data: T[]
  page: number
  size: number
  totalPages: number
  totalElements: number
}

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> }
}

export type EthnicGroup = {
  id: number
  name: string
  slug: string
  language: string
  /** Scroll background path (docs/requirements.md#r1-proverbs-and-peoples). */
  image: string | null
  proverbCount: number
  /** Who they are, for the people's page (the public groups list carries it). */
  about?: GroupAbout
}

/** What keeping one of the reader's peoples offline takes: its proverbs and the bytes the download stores. */
export type PackSize = { groupId: number; proverbs: number; bytes: number }

/** A short introduction to a people, in our own words, with a public source a reader can check. */
export type GroupAbout = {
  /** Where they live, in a phrase. */
  homeland: string
  intro: string
  source: { title: string; url: string }
}

export type Category = {
  id: number
  name: string
  slug: string
  proverbCount: number
  /** One line on what the category gathers (the public list carries it for the built-in ones). */
  description?: string | null
}

export type CategoryPage = {
  content: Category[]
  page: number
  size: number
  totalPages: number
  totalElements: number
}

export type ProverbRef = { id: number; name: string; slug: string }

/**
 * Where a proverb is recorded: a public page a reader can open (`url`), or a published collection
 * (`author`, `title`, `year`, and `locator` — the page or number — where known).
 */
export type ProverbSource = { title: string; url?: string; author?: string; year?: number; locator?: string }

/** A proverb of another people that says the same thing, as carried with each proverb (so it shows offline). */
export type CousinProverb = { id: number; slug: string; proverb: string; transliteration: string; ethnic: ProverbRef }

/** Proverbs of different peoples that share one thought: the thought in a line, and the other peoples' proverbs. */
export type ProverbCousins = { key: string; note: string; proverbs: CousinProverb[] }

/** A speaker of the language has checked the proverb: who, and when. */
export type SpeakerCheck = { name: string; at: string }

export type Proverb = {
  id: number
  slug: string
  proverb: string
  transliteration: string
  interpretation: string
  /** Proverbs that differ only in tone marks share this key. */
  toneKey: string
  ethnic: ProverbRef
  language: string
  image: string | null
  categories: ProverbRef[]
  likes: number
  /** Where it is recorded; every proverb of the corpus has at least one. */
  sources: ProverbSource[]
  /** The same thought among other peoples; null when none is linked. */
  cousins: ProverbCousins | null
  checkedBy: SpeakerCheck | null
}

/** One change to a proverb, for its page's history: a reader's correction accepted, an operator's edit, a speaker's check. */
export type ProverbChange = {
  at: string
  kind: 'correction' | 'edit' | 'checked'
  /** The fields that changed, in the words the page uses ("tone marks", "rendering", …). */
  fields: string[]
}

export type Plan = {
  id: number
  name: string
  /** Yearly price in US dollars. */
  amount: number
  noOfEthnics: number
  description: string
}

export type Faq = { id: number; question: string; answer: string }

/** Prices are stored in dollars; `rates[code]` is how many of that currency one dollar shows as. */
export type ExchangeRates = { base: 'USD'; rates: Record<'USD' | 'NGN', number> }

/** The signed-in user as kept in local storage (with its id, docs/requirements.md#r3-accounts-and-sign-in). */
export type SessionUser = { id: number; email: string; firstName: string; lastName: string }

export type LoginResult = { token: string; expiresAt: string; user: SessionUser }

/**
 * What sign-up answers (POST API.register). `paymentToken` lets the new, not yet activated account pay for
 * its plan at the end of sign-up (PaymentState.registrationToken); it lasts two hours and does nothing else.
 * It is null for the Free plan: there is nothing to pay.
 */
export type RegisterResult = { message: string; email: string; paymentToken: string | null }

/** The user-exists flag of the email and phone checks (docs/requirements.md#r3-accounts-and-sign-in). */
export type ExistsFlag = { exists: boolean }

export type PromoCodeCheck = { code: string; valid: boolean; percentOff: number }

export type PersonalInfo = {
  content: { firstName: string; lastName: string; email: string; phoneNumber: string | null }
}

export type Address = {
  country: string
  state: string
  city: string
  street: string
  house_number: string
  postal_code: string
}

export type FullProfile = {
  id: number
  email: string
  firstName: string
  lastName: string
  phoneNumber: string | null
  createdAt: string
  /** The plan chosen at sign-up. */
  package: Plan | null
  hasActivePackage: boolean
  address: Address | null
  hasPicture: boolean
  languages: EthnicGroup[]
}

/** The languages: every one, plus the user's selected ones (docs/requirements.md#r4-profile). */
export type UserLanguages = {
  languages: EthnicGroup[]
  selected: EthnicGroup[]
  unselected: EthnicGroup[]
  /** How many groups the user may choose: their plan's noOfEthnics. */
  maxSelectable: number
  /** Ids of the groups the user may read now (one without an active package). */
  readable: number[]
}

export type Language = { id: number; name: string; slug: string; ethnic: ProverbRef; readable: boolean }

export type ProverbMarks = { favourites: number[]; likes: number[] }

/** What liking or unliking answers: the proverb's count after the change. */
export type LikeResult = { proverbId: number; liked: boolean; likes: number }

/** A message the server sends back for an action with nothing else to say. */
export type Notice = { message: string }

// ——— Quizzes and the leaderboard (docs/requirements.md#r6-quizzes-and-leaderboard) ———

/**
 * How a batch is composed (`questionProperty`, docs/requirements.md#r6-quizzes-and-leaderboard): where its questions
 * come from, its size and pass mark.
 */
export type QuestionProperty = {
  id: number
  name: string
  description: string
  /** Questions about the user's preferred group (the first language they chose). */
  preferredCount: number
  /** Questions about their other readable groups. */
  otherCount: number
  /** General questions about the peoples and languages as a whole. */
  generalCount: number
  /** Questions in a batch (preferred + other + general). */
  size: number
  /** Correct answers needed to pass. */
  passScore: number
  /** Whether every user gets a batch of it each week. */
  weekly: boolean
}

/** Who made a batch: the week's schedule or the user ("generate one"). */
export type QuizSource = 'WEEKLY' | 'USER'
export type QuizOutcome = 'PASSED' | 'FAILED'

/** A batch as listed on /quiz. */
export type QuizBatchSummary = {
  batchId: number
  name: string
  questionPropertId: number
  source: QuizSource
  /** Monday of the batch's week (server time), YYYY-MM-DD. */
  weekStart: string
  createdAt: string
  size: number
  /** Questions the server has an answer for. */
  answered: number
  /** Times the attempt was counted (spec's update_attempt). */
  attempts: number
  /** When the attempt was closed; answers are refused after it. */
  closedAt: string | null
  /** Present once closed. */
  result: { correct: number; points: number; status: QuizOutcome } | null
}

export type QuizAnswerOption = { id: number; text: string; /** Only once the attempt is closed. */ correct?: boolean }

export type QuizQuestionKind = 'fact' | 'meaning' | 'people' | 'complete' | 'cousin'

export type QuizQuestion = {
  ethnicfactQuestionId: number
  /** 1-based position in the batch. */
  position: number
  kind: QuizQuestionKind
  question: string
  /** The proverb the question quotes, in its own script (generated questions only). */
  proverb: string | null
  /** The group it is about; null for general questions. */
  ethnic: ProverbRef | null
  /** BCP 47 tag of the proverb's language, when it quotes one. */
  lang: string | null
  answerOptions: QuizAnswerOption[]
  /** The option this user chose, as the server has it. */
  chosenOptionId: number | null
}

/** The response is a list whose first item is the quiz data (docs/requirements.md#r6-quizzes-and-leaderboard). */
export type QuizData = {
  batchId: number
  name: string
  source: QuizSource
  weekStart: string
  passScore: number
  closedAt: string | null
  questions: QuizQuestion[]
}

/**
 * The answer submission item (docs/requirements.md#r6-quizzes-and-leaderboard); `batchId` says which batch it belongs
 * to.
 */
export type QuizAnswerItem = { batchId: number; answerOptionId: number; ethnicFactQuestionId: number }

export type QuizAnswerReceipt = {
  batchId: number
  ethnicFactQuestionId: number
  answerOptionId: number
  /** True when the Idempotency-Key had been seen: nothing changed. */
  replayed: boolean
}

/** GET /api/quiz/answer/{batchId}/{questionId}: the answer this user gave, or null. */
export type QuizGivenAnswer = { batchId: number; ethnicFactQuestionId: number; answerOptionId: number | null }

/** GET /quiz_attempt/calculate/{batchId} once the attempt is closed. */
export type QuizResult = {
  batchId: number
  name: string
  total: number
  correct: number
  wrong: number
  /** Questions left without an answer (counted as neither right nor wrong). */
  unanswered: number
  passScore: number
  points: number
  status: QuizOutcome
  closedAt: string
  review: {
    ethnicfactQuestionId: number
    position: number
    question: string
    proverb: string | null
    lang: string | null
    chosenOptionId: number | null
    correctOptionId: number
    answerOptions: { id: number; text: string }[]
    /** Why the right answer is right: the bank's note for a fact question (null when it has none). */
    note: string | null
    /** For a question made from a proverb, the proverb itself: its people, words, rendering and meaning. */
    source: QuizReviewSource | null
    /** Where a fact question's answer is recorded (empty for questions made from proverbs, whose pages say it). */
    sources: ProverbSource[]
  }[]
}

export type QuizReviewSource = { ethnic: ProverbRef; proverb: string; lang: string | null; transliteration: string; interpretation: string }

export type QuizAttempt = { batchId: number; attempts: number; closedAt: string }

export type LeaderboardPeriod = 'week' | 'all'
export type Medal = 'gold' | 'silver' | 'bronze'

export type LeaderboardEntry = {
  position: number
  userId: number
  firstName: string
  lastName: string
  points: number
  /** When the player reached these points (their last finished quiz); earlier ranks first on a tie. */
  date: string
  medal: Medal | null
}

/** GET /api/leaderboard/get_players?period=&page=&size= (paginated; also names the period). */
export type LeaderboardPage = Paginated<LeaderboardEntry> & { period: LeaderboardPeriod; weekStart: string }

/** GET /api/leaderboard/get_player?period=&userId= (default: the caller). */
export type LeaderboardPlayer = {
  period: LeaderboardPeriod
  weekStart: string
  /** Null when the player has no points in the period. */
  entry: LeaderboardEntry | null
  player: { userId: number; firstName: string; lastName: string }
  /** Their latest finished quizzes, newest first. */
  recent: { batchId: number; name: string; correct: number; total: number; points: number; status: QuizOutcome; closedAt: string }[]
}

/** What made a message; the app may show each kind with its own icon. */
export type NotificationKind = 'quiz-week' | 'reminder' | 'test' | 'payment' | 'subscription' | 'suggestion' | 'broadcast'

/** One in-app message (docs/requirements.md#r7-notifications-and-push). Dates are ISO 8601. */
export type AppNotification = {
  id: number
  kind: NotificationKind
  title: string
  body: string
  /** A path in the app that opening the message leads to, if any. */
  url: string | null
  read: boolean
  readAt: string | null
  createdAt: string
}

export type NotificationPage = Paginated<AppNotification>

/** The unread count is read from the message field (docs/requirements.md#r7-notifications-and-push). */
export type UnreadCount = { message: number }

/** Device registration (docs/requirements.md#r7-notifications-and-push). */
export type DeviceRegistration = { device_type: 'WEB'; device_token: string }

/** The daily proverb reminder: a local time of day ('HH:MM', 24-hour) or null when off. */
export type DailyReminder = { time: string | null; timeZone: string }

/**
 * The data of a push message (data-only: the app shows it itself). FCM data values are strings.
 * `url` is a path on our origin.
 */
export type PushData = { title: string; body: string; url: string }

// ——— Subscriptions, payments (docs/requirements.md#r5-plans-and-payments) and adverts
// (docs/requirements.md#r8-adverts) ———

/** A way to pay the server offers (GET API.paymentOptions). */
export type PaymentOptionInfo = {
  id: 'paystack' | 'stripe' | 'test'
  label: string
  /** Currencies it may charge in; only Paystack has naira (docs/requirements.md#r5-plans-and-payments). */
  currencies: ('USD' | 'NGN')[]
  /** The built-in checkout on our own server; no money moves. */
  testMode: boolean
}

/** The server's price for a plan in a currency with a promo code: what is shown is what is charged. */
export type PaymentQuote = {
  packageId: number
  planName: string
  currency: 'USD' | 'NGN'
  /** The plan's price in that currency, before any discount (major units: dollars, naira). */
  listAmount: number
  discount: number
  /** What will be charged. */
  amount: number
  percentOff: number
  /** The promo code applied, upper-cased; null when none was given. */
  coupon: string | null
}

/**
 * The payment state (docs/requirements.md#r5-plans-and-payments), as the app sends it to start a payment (POST
 * API.paymentInitialize). `amount` is the amount the user saw; the server recomputes it from its plan table and refuses
 * a mismatch. `registrationToken` stands in for a session at the end of sign-up (before activation).
 */
export type PaymentState = {
  paymentOption: 'paystack' | 'stripe' | 'test'
  currency: 'USD' | 'NGN'
  amount: number
  autoRenew: boolean
  coupon: string | null
  reference: string
  metadata: { payment_type: string; packageId: number; registration: boolean }
  registrationToken?: string
}

/** Where to send the user to pay. */
export type PaymentStart = { reference: string; redirectUrl: string; amount: number; currency: 'USD' | 'NGN' }

export type PaymentStatus = 'pending' | 'success' | 'failed' | 'abandoned'

/** A group of the package: chosen, and open or locked by the plan's limit. */
export type PackageGroup = { id: number; name: string; slug: string; locked: boolean }

/** The active package (docs/requirements.md#r5-plans-and-payments; also the last one, active or not). */
export type ActivePackage = {
  id: number
  plan: Plan
  startsAt: string
  expiresAt: string
  autoRenew: boolean
  /** Whether the package holds a saved card auto-renewal can charge. */
  canAutoRenew: boolean
  /** Whether it is in force now (always true from activeUserPackage). */
  active: boolean
  paymentOption: 'paystack' | 'stripe' | 'test' | null
  /** The groups the user chose, in order; those beyond the plan's limit are locked. */
  groups: PackageGroup[]
}

/** What became of a payment (POST API.paymentVerify). */
export type PaymentOutcome = {
  reference: string
  status: PaymentStatus
  /** A sentence for the user: what happened and what (not) changed. */
  message: string
  planName: string
  amount: number
  currency: 'USD' | 'NGN'
  registration: boolean
  /** The package it made or extended, once it succeeded (null for a sign-up payment verified without a session). */
  package: ActivePackage | null
}

/** A payment in the user's history. */
export type PaymentRecord = {
  reference: string
  planName: string
  amount: number
  currency: 'USD' | 'NGN'
  status: PaymentStatus
  purpose: 'subscribe' | 'renewal'
  paymentOption: 'paystack' | 'stripe' | 'test'
  createdAt: string
  /** Why it did not complete, when the reader should know (a checkout left unfinished). */
  note: string | null
}

/** The user's own promo code to give to friends. */
export type ReferralCode = { code: string; percentOff: number; uses: number; maxUses: number | null; expiresAt: string | null }

/** An advertisement file of the list (docs/requirements.md#r8-adverts). */
export type AdvertFile = { id: number; type: 'image/webp' | 'video/mp4'; name: string }

/** An advert's content (docs/requirements.md#r8-adverts), `file` holding it base64-encoded. */
export type AdvertContent = AdvertFile & { file: string; alt: string; link: string | null }

/** The ad toggle: a subscriber who turns it on sees adverts (docs/requirements.md#r8-adverts). */
export type AdToggle = { toggle: boolean }

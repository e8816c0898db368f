import { FIRST_PAGE_API } from './first-page-paths'

/**
 * The API contract's paths, in one place. Paths the requirements list (docs/requirements.md#r15-api-contract) are kept
 * exactly as written; the others are Òwe's own choice and are marked "ours".
 */

export const API = {
  // The corpus reads and the few reader paths the first page names: src/core/http/first-page-paths.ts
  ...FIRST_PAGE_API,

  // Specified paths: public
  packages: '/api/packages/',
  faq: '/api/faq/',

  // Ours: public corpus reads the spec implies but does not name
  /** POST CorrectionInput: a reader's correction to a published proverb, pending an editor (visitors too). */
  proverbCorrections: (idOrSlug: string | number) => `/api/proverbs/public/${encodeURIComponent(String(idOrSlug))}/corrections`,
  /** The whole corpus as open data, with sources, cousins and the data's licence: ?format=json|csv */
  proverbsExport: '/api/proverbs/export',
  /** Naira per dollar for showing prices (docs/requirements.md#r5-plans-and-payments: a conversion rate is fetched). */
  exchangeRate: '/api/payments/exchange-rate',
  health: '/api/health',
  /** 200 once migrations and seeding are done and the database answers; 503 until then (load balancers, orchestrators). */
  healthReady: '/api/health/ready',

  // Specified paths: public account calls
  checkEmail: '/accounts/check/',
  checkPhone: (phone: string) => `/accounts/checkphone/${encodeURIComponent(phone)}`,
  verifyPromoCode: (code: string) => `/api/user/profile/verify_promo-code/${encodeURIComponent(code)}`,
  resetPasswordRequest: '/accounts/reset-password-request',
  verifyPasswordToken: '/accounts/verify-password-token-web',
  saveResetPassword: '/accounts/save-reset-password-web',

  // Ours: the account calls the spec does not name
  /** Sign-up (the wizard's data); sends the activation email. */
  register: '/accounts/register',
  /** Body { token } from the emailed link. */
  activate: '/accounts/activate',
  /** Body { email }; answers the same whether or not the address has an account. */
  resendActivation: '/accounts/resend-activation',
  /** Body { email, password } → { token, expiresAt, user }. */
  login: '/accounts/login',
  /** Ends the calling session. */
  logout: '/accounts/logout',
  /** The calling session's user, read afresh (whether they are an admin today). */
  session: '/accounts/session',

  // Specified paths: authenticated
  passwordUpdate: '/accounts/password-update/',
  personalInfo: '/api/user/profile/personalInfo',
  address: '/api/user/profile/address',
  profileFull: '/api/user/profile/full',
  picture: '/api/user/profile/picture',
  languagesPrivate: '/api/proverbs/language/',
  trendingPrivate: '/api/proverbs/trending-proverbs',
  /** Proverbs of one group the user may read (id or slug), paged: ?q=&page=&size= */
  proverbsLogged: (group: string | number) => `/api/proverbs/proverbs_logged/${encodeURIComponent(String(group))}/`,
  /** How much keeping each of the reader's peoples offline takes (bytes, measured from the pack). */
  packSizes: '/api/proverbs/pack-sizes',
  userLanguages: '/api/userPackage/languages',
  userLanguagesUpdate: '/api/userPackage/languages/update',

  // Ours: favourites and likes
  /** PUT adds, DELETE removes; both idempotent. */
  favourite: (proverbId: number) => `/api/proverbs/favourites/${proverbId}`,
  /** PUT likes, DELETE unlikes; both idempotent. Likes feed trending. */
  like: (proverbId: number) => `/api/proverbs/likes/${proverbId}`,
  /** Ids of the proverbs the user has favourited and liked, for hearts on every list. */
  marks: '/api/proverbs/marks',

  // Specified paths: quizzes (docs/requirements.md#r6-quizzes-and-leaderboard)
  /** ?currentDate=YYYY-MM-DD: the week's scheduled batches, generated on first request. */
  quizWeek: '/quiz-batch/user/week',
  /** ?currentDate=YYYY-MM-DD: the quizzes the user generated that week. */
  quizWeekGenerated: '/quiz-batch/user/week-gen-source',
  /** The user's finished quizzes, newest first. */
  quizRecent: '/quiz-batch/user/recent/all',
  quiz: (batchId: number) => `/api/quiz/all/${batchId}`,
  /** POST QuizAnswerItem with an Idempotency-Key header. */
  quizSubmitSingle: '/quiz_attempt/submit-single',
  quizAnswer: (batchId: number, questionId: number) => `/api/quiz/answer/${batchId}/${questionId}`,
  quizResult: (batchId: number) => `/quiz_attempt/calculate/${batchId}`,
  /** ?page&size */
  questionProperties: '/api/questionProperty/all',
  /** The literal role segment USER (docs/requirements.md#r6-quizzes-and-leaderboard); userId must be the caller. */
  quizGenerate: (userId: number, questionPropertId: number) => `/api/quiz/${userId}/${questionPropertId}/USER`,
  /**
   * Closes the attempt and counts it. The spec lists GET; the app uses POST (docs/requirements.md#r15-api-contract: a
   * GET never changes state).
   */
  quizUpdateAttempt: (batchId: number) => `/quiz-batch/update_attempt/${batchId}`,

  // Specified paths: leaderboard
  /** ?period=week|all&page&size */
  leaderboardPlayers: '/api/leaderboard/get_players',
  /** ?period=week|all&userId= (default: the caller) */
  leaderboardPlayer: '/api/leaderboard/get_player',

  // Specified paths: notifications and devices (all need a session)
  /** ?page&size (defaults 1 and 7): the caller's messages, newest first. */
  notifications: '/user/notification/fetch',
  /** The number of unread messages, in the `message` field. */
  notificationsUnreadCount: '/user/notification/unread/count',
  /** One message; reading it marks it read. */
  notification: (id: number) => `/user/notification/fetch/${id}`,
  /** ?page&size */
  notificationsUnread: '/user/notification/unReadNotification',
  /** ?page&size */
  notificationsRead: '/user/notification/readNotification',
  /** POST { device_type: 'WEB', device_token }: saves the push token for the caller. */
  deviceSave: '/firebase/device/save/',

  // Specified paths: subscriptions and adverts (all need a session)
  /** The package in force; 404 when there is none (docs/requirements.md#r5-plans-and-payments). */
  activePackage: '/api/userPackage/activeUserPackage',
  /** The latest package, in force or ended; 404 when the user never had one. */
  lastActivePackage: '/api/userPackage/last_active_UserPackage',
  /** POST: the active package will end at its expiry instead of renewing. */
  cancelAutoRenewal: '/api/payments/subscription/cancel-auto-renewal/',
  /** The advert file list (type and name). */
  adverts: '/api/ads/adverts',
  /** One advert by id or name; data.file holds its content in base64. */
  advert: (idOrName: string | number) => `/api/ads/${encodeURIComponent(String(idOrName))}`,
  /** GET the ad toggle; POST { toggle } sets it. */
  adToggle: '/api/toggle',

  // Ours: payments
  /** The payment options this server offers (public). */
  paymentOptions: '/api/payments/options',
  /** ?packageId&currency&option&coupon: the server's price (public). */
  paymentQuote: '/api/payments/quote',
  /** POST PaymentState → PaymentStart: where to send the user to pay. */
  paymentInitialize: '/api/payments/initialize',
  /** POST { cancelled?, registrationToken? }: asks the provider and returns what became of the payment. */
  paymentVerify: (reference: string) => `/api/payments/verify/${encodeURIComponent(reference)}`,
  /** The caller's payments, newest first: ?page&size */
  paymentHistory: '/api/payments/history',
  /** The caller's referral promo code (made on first request). */
  referralCode: '/api/user/profile/referral-code',
  /** Providers' webhooks (signed; no session). */
  paystackWebhook: '/api/payments/webhook/paystack',
  stripeWebhook: '/api/payments/webhook/stripe',
  /** The built-in test mode's checkout page (no keys configured): GET shows it, POST { outcome } settles it. */
  testCheckout: (reference: string) => `/api/payments/test-checkout/${encodeURIComponent(reference)}`,

  // Specified paths: community
  /** POST SuggestionInput: a proverb suggestion, pending moderation (visitors and signed-in users). */
  suggestProverb: '/api/suggest-proverb',

  // Ours: community (the admin console's paths are ADMIN_API in src/core/admin/api-paths.ts)
  /** POST ContactInput: a message to the admins (public). */
  contact: '/api/contact',
  /** POST { token }: the signed link in every email; turns off non-essential mail and reminders (public). */
  unsubscribe: '/api/unsubscribe',
  /** POST EventBatch: page-view analytics that identify no one (src/core/analytics/contract.ts; public, no cookie). */
  events: '/api/events',

  // Ours: learning — streaks and the deck (src/core/learning/contract.ts; authenticated)
  /** POST LearningBatch: entries made on a device, each kept once; GET ?after=<seq>: a LearningLogPage of what reached the server after it. */
  learningLog: '/api/learning/log',
  /** GET ?today=YYYY-MM-DD: the LearningSummary (streak, active days, deck and due counts). */
  learningSummary: '/api/learning/summary',

  // Ours: notifications
  /** POST: sends the caller a test notification (in the app, and by push where configured). */
  notificationTest: '/user/notification/test',
  /** GET the daily proverb reminder; PUT { time: 'HH:MM' | null, timeZone }. */
  dailyReminder: '/user/notification/reminder',
  /** The server's VAPID public key, which a Web Push subscription (Safari's) is made with: { data: { publicKey } }. */
  webPushKey: '/api/push/web-push-key',
  /** POST { endpoint, keys: { p256dh, auth } }: saves this device's Web Push subscription (Safari's) for the caller. */
  webPushSubscription: '/user/notification/web-push-subscription',
} as const

/**
 * The server's route templates (Fastify's `:name` parameters) for the paths above that the client builds
 * with a function, under the same names: the server registers the template, the client calls the
 * builder, and api-paths.test.ts checks that every builder fills its template and that neither table has
 * a name the other lacks. The parameter names are the ones the route handlers read.
 */
export const ROUTES = {
  proverbPublic: '/api/proverbs/public/:idOrSlug',
  proverbCorrections: '/api/proverbs/public/:idOrSlug/corrections',
  proverbHistory: '/api/proverbs/public/:idOrSlug/history',
  checkPhone: '/accounts/checkphone/:phone',
  verifyPromoCode: '/api/user/profile/verify_promo-code/:code',
  proverbsLogged: '/api/proverbs/proverbs_logged/:group/',
  favourite: '/api/proverbs/favourites/:id',
  like: '/api/proverbs/likes/:id',
  quiz: '/api/quiz/all/:batchId',
  quizAnswer: '/api/quiz/answer/:batchId/:questionId',
  quizResult: '/quiz_attempt/calculate/:batchId',
  quizGenerate: '/api/quiz/:userId/:propertyId/USER',
  quizUpdateAttempt: '/quiz-batch/update_attempt/:batchId',
  notification: '/user/notification/fetch/:id',
  advert: '/api/ads/:idOrName',
  paymentVerify: '/api/payments/verify/:reference',
  testCheckout: '/api/payments/test-checkout/:reference',
} as const

/** A template as a pattern for whole paths, each parameter captured as one path segment (the service worker's matchers). */
export function routePattern(template: string): RegExp {
  const source = template
    .split(/(:\w+)/)
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}$`)
}

/**
 * Path prefixes that belong to the API rather than to the app's routes: the server answers unknown
 * paths under these with a JSON 404, the dev server proxies them, and the service worker never treats
 * them as navigations.
 */
export const API_PREFIXES = ['/api/', '/accounts/', '/user/', '/quiz-batch/', '/quiz_attempt/', '/firebase/'] as const

export function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
}

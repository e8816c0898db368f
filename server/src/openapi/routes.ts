import { convertSchema } from '@sodaru/yup-to-json-schema'
import type { AnyObjectSchema } from 'yup'
import { API, ROUTES } from '@core/http/api-paths'
import { PAYMENT_API, PAYMENT_ROUTES } from '@core/payments/api-paths'
import { ADMIN_API, ADMIN_ROUTES } from '@core/admin/api-paths'
import { acceptCorrectionSchema, correctionSchema } from '@core/community/corrections'
import { categoryInputSchema, faqInputSchema, proverbInputSchema, rejectSuggestionSchema, speakerCheckSchema } from '@core/admin/validation'
import { advertOrderSchema, advertPatchSchema, advertUploadSchema, broadcastSchema, quizQuestionSchema } from '@core/admin/validation'
import {
  addressSchema,
  changePasswordSchema,
  emailSchema,
  emailTokenSchema,
  languagesSchema,
  loginSchema,
  logoutSchema,
  personalInfoSchema,
  resetPasswordSchema,
  signupSchema,
} from '@core/account/validation'
import { contactSchema, suggestionSchema } from '@core/community/validation'
import { reminderSchema } from '@core/notifications/reminder'
import { webPushSubscriptionSchema } from '@core/notifications/web-push'
import { deviceSchema } from '../features/notifications/schemas'
import { paymentStateSchema, verifySchema } from '../features/payments/schemas'
import { eventBatchSchema } from '../features/analytics/schemas'
import { bool, dataOf, day, described, int, list, nullable, obj, oneOf, pageOf, ref, str, type JsonSchema } from './schema-kit'

/**
 * What each route takes and answers, keyed by method and route template ("GET /api/faq/"). A route
 * registered without an entry here fails tests/api/openapi.test.ts: add its entry when adding a route
 * (docs/decisions/014-openapi.md).
 */
export type RouteDoc = {
  summary: string
  tag: Tag
  /** Who may call it: anyone (default), a signed-in user, an admin, or anyone with more for a session. */
  auth?: 'user' | 'admin' | 'optional'
  query?: Record<string, JsonSchema>
  /** A JSON body; `multipart` for an upload (the file in `file`, the other fields beside it). */
  body?: JsonSchema
  multipart?: JsonSchema
  /** Headers the route reads besides the session. */
  headers?: Record<string, JsonSchema>
  /** The success status, 200 unless said. */
  status?: number
  /** The success answer: a JSON Schema, or a content type and its schema for what is not JSON. */
  response: JsonSchema | OtherContent
}

/** An answer that is not JSON (a page, a picture, a file). */
export type OtherContent = { contentType: string; schema: JsonSchema; description: string }

export type Tag =
  | 'Health'
  | 'Proverbs'
  | 'Accounts'
  | 'Profile'
  | 'Reading'
  | 'Quizzes'
  | 'Leaderboard'
  | 'Notifications'
  | 'Plans and payments'
  | 'Adverts'
  | 'Community'
  | 'Analytics'
  | 'Learning'
  | 'Admins'

/**
 * The JSON Schema of a body the server reads with parseBody and this yup schema (server/src/http/validate.ts),
 * so the document says what the validation does. The yup schema stays the one that validates.
 */
export function fromYup(schema: AnyObjectSchema): JsonSchema {
  // The yup schema's default (an empty object) says nothing about the body.
  const json = convertSchema(schema) as JsonSchema
  delete json.default
  return json
}

const page = { page: described('From 1.', int), size: described('Items a page.', int) }
const notice = dataOf(ref('Notice'))
const deleted = dataOf(ref('Deleted'))
const currentDate = { currentDate: described("The user's calendar day; today (UTC) by default.", day) }
const statusQuery = (...values: string[]) => ({ status: { enum: values } })

const tokenBody = fromYup(emailTokenSchema)
const logoutBody = fromYup(logoutSchema)
// Bodies the features validate with yup schemas of their own files; written out here as they check them.
const toggleBody = obj({ toggle: bool }, { open: true })
const unsubscribeBody = obj({ email: { type: 'string', maxLength: 200 }, token: { type: 'string', maxLength: 200 } }, { open: true })
/** The Idempotency-Key of a request a device may send again from its queue (server/src/http/receipts.ts). */
const ONCE = described(
  '1 to 100 visible characters, made on the device: the same key again gets the first answer back and changes nothing; on another request, 422.',
  str,
)
const answerItemBody = obj({ batchId: int, answerOptionId: int, ethnicFactQuestionId: int })
const fileUpload = (fields: JsonSchema = obj({}, { open: true })) => ({
  ...fields,
  properties: { ...(fields.properties as object), file: { type: 'string', contentMediaType: 'application/octet-stream' } },
  required: [...((fields.required as string[]) ?? []), 'file'],
})
const html = (description: string) => ({ contentType: 'text/html', schema: str, description })

export const ROUTE_DOCS: Record<string, RouteDoc> = {
  // Health
  [`GET ${API.health}`]: {
    tag: 'Health',
    summary: 'What the server runs on and how it is doing (always 200).',
    response: dataOf(ref('HealthReport')),
  },
  [`GET ${API.healthReady}`]: {
    tag: 'Health',
    summary: 'Readiness: 200 once migrated and seeded and the database answers, 503 until then.',
    response: dataOf(obj({ ready: bool })),
  },

  // The public corpus
  [`GET ${API.ethnicGroupsPublic}`]: {
    tag: 'Proverbs',
    summary: 'The peoples (ethnic groups) with their languages and proverb counts.',
    query: { q: described('"all" (default), or one group by slug or id.', str) },
    response: dataOf(list(ref('EthnicGroup'))),
  },
  [`GET ${API.categoriesPublic}`]: { tag: 'Proverbs', summary: 'The categories, as one page.', response: dataOf(ref('CategoryPage')) },
  [`GET ${API.proverbsPublic}`]: {
    tag: 'Proverbs',
    summary: 'Lists and searches the published proverbs.',
    query: {
      q: described('Words to search for (tone marks optional).', str),
      ethnic: described('A group, by id or slug.', str),
      category: described('A category, by id or slug.', str),
      ...page,
    },
    response: pageOf(ref('Proverb')),
  },
  [`GET ${ROUTES.proverbPublic}`]: { tag: 'Proverbs', summary: 'One proverb, by id or slug.', response: dataOf(ref('Proverb')) },
  [`GET ${ROUTES.proverbHistory}`]: {
    tag: 'Proverbs',
    summary: "The proverb's published changes, newest first.",
    response: dataOf(list(ref('ProverbChange'))),
  },
  [`POST ${ROUTES.proverbCorrections}`]: {
    tag: 'Community',
    summary: "A reader's correction to a published proverb, pending an editor (visitors too); kept once per Idempotency-Key.",
    auth: 'optional',
    headers: { 'idempotency-key': ONCE },
    body: fromYup(correctionSchema),
    status: 201,
    response: notice,
  },
  [`GET ${API.proverbsToday}`]: {
    tag: 'Proverbs',
    summary: "Today's proverbs, one a group (a stable daily pick).",
    query: { date: described("The viewer's calendar day; today (UTC) by default.", day) },
    response: dataOf(list(ref('Proverb'))),
  },
  [`GET ${API.trendingPublic}`]: {
    tag: 'Proverbs',
    summary: 'By views and likes of the last seven days, the recent counting most; then the most liked, then a daily rotation.',
    query: { limit: described('1 to 50, 10 by default.', int), date: day },
    response: dataOf(list(ref('Proverb'))),
  },
  [`GET ${API.proverbsExport}`]: {
    tag: 'Proverbs',
    summary: "The whole corpus as open data, with sources, cousins and the data's licence.",
    query: { format: oneOf('json', 'csv') },
    response: {
      contentType: 'application/json',
      schema: described('The open-data export (src/core/proverbs/open-data.ts); text/csv with format=csv.', { type: 'object' }),
      description: 'A file to download (JSON, or CSV with format=csv).',
    },
  },

  [`GET ${API.faq}`]: { tag: 'Proverbs', summary: 'The frequently asked questions, in order.', response: dataOf(list(ref('Faq'))) },

  // Accounts
  [`GET ${API.checkEmail}`]: {
    tag: 'Accounts',
    summary: 'Whether an account has this email.',
    query: { email: str },
    response: dataOf(ref('ExistsFlag')),
  },
  [`GET ${ROUTES.checkPhone}`]: {
    tag: 'Accounts',
    summary: 'Whether an account has this phone number.',
    response: dataOf(ref('ExistsFlag')),
  },
  [`GET ${ROUTES.verifyPromoCode}`]: {
    tag: 'Accounts',
    summary: 'Whether a promo code is valid, and its discount.',
    response: dataOf(ref('PromoCodeCheck')),
  },
  [`POST ${API.register}`]: {
    tag: 'Accounts',
    summary: 'Sign-up; sends the activation email.',
    body: fromYup(signupSchema),
    status: 201,
    response: dataOf(ref('RegisterResult')),
  },
  [`POST ${API.activate}`]: { tag: 'Accounts', summary: 'Activates an account with the emailed token.', body: tokenBody, response: notice },
  [`POST ${API.resendActivation}`]: {
    tag: 'Accounts',
    summary: 'Sends the activation email again (answers the same whether or not the address has an account).',
    body: fromYup(emailSchema),
    response: notice,
  },
  [`POST ${API.login}`]: {
    tag: 'Accounts',
    summary:
      'Signs in: a session token, and an HttpOnly device cookie for this route. Wrong passwords are limited per client and per account (429); a browser sending the account’s device cookie is limited on its own instead.',
    body: fromYup(loginSchema),
    response: dataOf(ref('LoginResult')),
  },
  [`POST ${API.logout}`]: { tag: 'Accounts', summary: 'Ends the calling session.', auth: 'user', body: logoutBody, response: notice },
  [`GET ${API.session}`]: {
    tag: 'Accounts',
    summary: "The calling session's user, read afresh: whether they are an admin today.",
    auth: 'user',
    response: dataOf(obj({ user: ref('SessionUser') })),
  },
  [`POST ${API.resetPasswordRequest}`]: {
    tag: 'Accounts',
    summary: 'Emails a password reset link.',
    body: fromYup(emailSchema),
    response: notice,
  },
  [`POST ${API.verifyPasswordToken}`]: {
    tag: 'Accounts',
    summary: 'Whether a password reset token is still good.',
    body: tokenBody,
    response: dataOf(obj({ valid: bool })),
  },
  [`POST ${API.saveResetPassword}`]: {
    tag: 'Accounts',
    summary: 'Sets a new password with a reset token.',
    body: { allOf: [tokenBody, fromYup(resetPasswordSchema)] },
    response: notice,
  },
  [`POST ${API.passwordUpdate}`]: {
    tag: 'Accounts',
    summary: 'Changes the password (ends the other sessions).',
    auth: 'user',
    body: fromYup(changePasswordSchema),
    response: notice,
  },

  // Profile
  [`GET ${API.personalInfo}`]: { tag: 'Profile', summary: 'Name, email and phone.', auth: 'user', response: dataOf(ref('PersonalInfo')) },
  [`POST ${API.personalInfo}`]: {
    tag: 'Profile',
    summary: 'Saves name and phone.',
    auth: 'user',
    body: fromYup(personalInfoSchema),
    response: dataOf(ref('PersonalInfo')),
  },
  [`GET ${API.address}`]: {
    tag: 'Profile',
    summary: 'The postal address (null when none).',
    auth: 'user',
    response: dataOf({ anyOf: [ref('Address'), { type: 'null' }] }),
  },
  [`POST ${API.address}`]: {
    tag: 'Profile',
    summary: 'Saves the postal address.',
    auth: 'user',
    body: fromYup(addressSchema),
    response: dataOf(ref('Address')),
  },
  [`GET ${API.profileFull}`]: { tag: 'Profile', summary: 'The whole profile.', auth: 'user', response: dataOf(ref('FullProfile')) },
  [`GET ${API.picture}`]: {
    tag: 'Profile',
    summary: 'The profile picture (404 when none).',
    auth: 'user',
    response: { contentType: 'image/*', schema: { type: 'string', contentMediaType: 'image/*' }, description: 'The picture.' },
  },
  [`POST ${API.picture}`]: {
    tag: 'Profile',
    summary: 'Uploads the profile picture (JPEG, PNG or WebP, at most 2 MB).',
    auth: 'user',
    multipart: fileUpload(),
    response: dataOf(obj({ mimeType: str, size: int, maxBytes: int })),
  },
  [`GET ${API.referralCode}`]: {
    tag: 'Profile',
    summary: "The user's referral promo code (made on first request).",
    auth: 'user',
    response: dataOf(ref('ReferralCode')),
  },

  // Reading, signed in
  [`GET ${API.languagesPrivate}`]: {
    tag: 'Reading',
    summary: 'The languages, each saying if the user may read it.',
    auth: 'user',
    response: dataOf(list(ref('Language'))),
  },
  [`GET ${API.ethnicGroupsLogged}`]: {
    tag: 'Reading',
    summary: 'The groups the user may read now.',
    auth: 'user',
    response: dataOf(list(ref('EthnicGroup'))),
  },
  [`GET ${API.trendingPrivate}`]: {
    tag: 'Reading',
    summary: 'Trending proverbs among the groups the user may read.',
    auth: 'user',
    query: { limit: int, date: day },
    response: dataOf(list(ref('Proverb'))),
  },
  [`GET ${ROUTES.proverbsLogged}`]: {
    tag: 'Reading',
    summary:
      'Proverbs of one group the user may read (id or slug), paged. Each page carries a weak ETag of its proverbs, likes aside: sent back in If-None-Match, an unchanged page is answered 304 with no body (how an offline pack is refreshed).',
    auth: 'user',
    headers: { 'if-none-match': described('The ETag of the page this device holds.', str) },
    query: { q: str, ...page },
    response: pageOf(ref('Proverb')),
  },
  [`GET ${API.favourites}`]: {
    tag: 'Reading',
    summary: "The user's favourites, paged.",
    auth: 'user',
    query: page,
    response: pageOf(ref('Proverb')),
  },
  [`GET ${API.marks}`]: {
    tag: 'Reading',
    summary: 'Ids of the proverbs the user has favourited and liked.',
    auth: 'user',
    response: dataOf(ref('ProverbMarks')),
  },
  [`PUT ${ROUTES.favourite}`]: {
    tag: 'Reading',
    summary: 'Adds a favourite (idempotent); applied once per Idempotency-Key.',
    auth: 'user',
    headers: { 'idempotency-key': ONCE },
    response: dataOf(ref('FavouriteResult')),
  },
  [`DELETE ${ROUTES.favourite}`]: {
    tag: 'Reading',
    summary: 'Removes a favourite (idempotent); applied once per Idempotency-Key.',
    auth: 'user',
    headers: { 'idempotency-key': ONCE },
    response: dataOf(ref('FavouriteResult')),
  },
  [`PUT ${ROUTES.like}`]: {
    tag: 'Reading',
    summary: 'Likes a proverb (idempotent); applied once per Idempotency-Key.',
    auth: 'user',
    headers: { 'idempotency-key': ONCE },
    response: dataOf(ref('LikeResult')),
  },
  [`DELETE ${ROUTES.like}`]: {
    tag: 'Reading',
    summary: 'Unlikes a proverb (idempotent); applied once per Idempotency-Key.',
    auth: 'user',
    headers: { 'idempotency-key': ONCE },
    response: dataOf(ref('LikeResult')),
  },
  [`GET ${API.packSizes}`]: {
    tag: 'Reading',
    summary: "The user's peoples as offline packs: what keeping each takes and its version (compared with the device's to refresh it).",
    auth: 'user',
    response: dataOf(list(ref('PackSize'))),
  },
  [`GET ${API.userLanguages}`]: {
    tag: 'Reading',
    summary: "The languages and the user's choice.",
    auth: 'user',
    response: dataOf(ref('UserLanguages')),
  },
  [`POST ${API.userLanguagesUpdate}`]: {
    tag: 'Reading',
    summary: "Saves the user's choice of languages.",
    auth: 'user',
    body: fromYup(languagesSchema),
    response: dataOf(ref('UserLanguages')),
  },

  // Quizzes and the leaderboard
  [`GET ${API.questionProperties}`]: {
    tag: 'Quizzes',
    summary: 'How batches are composed, paged.',
    auth: 'user',
    query: page,
    response: pageOf(ref('QuestionProperty')),
  },
  [`GET ${API.quizWeek}`]: {
    tag: 'Quizzes',
    summary: "The week's scheduled batches (generated on first request).",
    auth: 'user',
    query: currentDate,
    response: dataOf(list(ref('QuizBatchSummary'))),
  },
  [`GET ${API.quizWeekGenerated}`]: {
    tag: 'Quizzes',
    summary: 'The batches the user generated that week.',
    auth: 'user',
    query: currentDate,
    response: dataOf(list(ref('QuizBatchSummary'))),
  },
  [`GET ${API.quizRecent}`]: {
    tag: 'Quizzes',
    summary: "The user's finished quizzes, newest first.",
    auth: 'user',
    response: dataOf(list(ref('QuizBatchSummary'))),
  },
  [`POST ${ROUTES.quizGenerate}`]: {
    tag: 'Quizzes',
    summary: 'Generates a batch for the caller (userId must be the caller).',
    auth: 'user',
    status: 201,
    response: dataOf(ref('QuizBatchSummary')),
  },
  [`GET ${ROUTES.quiz}`]: {
    tag: 'Quizzes',
    summary: "A batch's questions (a list whose first item is the quiz).",
    auth: 'user',
    response: dataOf(list(ref('QuizData'))),
  },
  [`GET ${ROUTES.quizAnswer}`]: {
    tag: 'Quizzes',
    summary: 'The answer the user gave to a question.',
    auth: 'user',
    response: dataOf(ref('QuizGivenAnswer')),
  },
  [`POST ${API.quizSubmitSingle}`]: {
    tag: 'Quizzes',
    summary: 'Answers one question; an Idempotency-Key makes a retry harmless.',
    auth: 'user',
    headers: { 'idempotency-key': described('1 to 100 visible characters.', str) },
    body: answerItemBody,
    response: dataOf(ref('QuizAnswerReceipt')),
  },
  [`GET ${ROUTES.quizResult}`]: {
    tag: 'Quizzes',
    summary: 'The result of a closed attempt.',
    auth: 'user',
    response: dataOf(ref('QuizResult')),
  },
  [`POST ${ROUTES.quizUpdateAttempt}`]: {
    tag: 'Quizzes',
    summary: 'Closes the attempt and counts it.',
    auth: 'user',
    headers: { 'idempotency-key': str },
    response: dataOf(ref('QuizAttempt')),
  },
  [`GET ${ROUTES.quizUpdateAttempt}`]: {
    tag: 'Quizzes',
    summary: 'As POST (the spec lists GET; the app uses POST).',
    auth: 'user',
    headers: { 'idempotency-key': str },
    response: dataOf(ref('QuizAttempt')),
  },
  [`GET ${API.leaderboardPlayers}`]: {
    tag: 'Leaderboard',
    summary: 'The leaderboard, paged.',
    auth: 'user',
    query: { period: oneOf('week', 'all'), ...page },
    response: pageOf(ref('LeaderboardEntry'), { period: oneOf('week', 'all'), weekStart: day }),
  },
  [`GET ${API.leaderboardPlayer}`]: {
    tag: 'Leaderboard',
    summary: "One player's standing (the caller by default).",
    auth: 'user',
    query: { period: oneOf('week', 'all'), userId: int },
    response: dataOf(ref('LeaderboardPlayer')),
  },

  // Notifications
  [`GET ${API.notifications}`]: {
    tag: 'Notifications',
    summary: "The user's messages, newest first.",
    auth: 'user',
    query: page,
    response: pageOf(ref('AppNotification')),
  },
  [`GET ${API.notificationsUnread}`]: {
    tag: 'Notifications',
    summary: 'The unread messages.',
    auth: 'user',
    query: page,
    response: pageOf(ref('AppNotification')),
  },
  [`GET ${API.notificationsRead}`]: {
    tag: 'Notifications',
    summary: 'The read messages.',
    auth: 'user',
    query: page,
    response: pageOf(ref('AppNotification')),
  },
  [`GET ${API.notificationsUnreadCount}`]: {
    tag: 'Notifications',
    summary: 'The number of unread messages.',
    auth: 'user',
    response: ref('UnreadCount'),
  },
  [`GET ${ROUTES.notification}`]: {
    tag: 'Notifications',
    summary: 'One message; reading it marks it read.',
    auth: 'user',
    response: dataOf(ref('AppNotification')),
  },
  [`POST ${API.notificationTest}`]: {
    tag: 'Notifications',
    summary: 'Sends the caller a test notification.',
    auth: 'user',
    response: dataOf(ref('AppNotification')),
  },
  [`POST ${API.deviceSave}`]: {
    tag: 'Notifications',
    summary: "Saves this device's push token for the caller.",
    auth: 'user',
    body: fromYup(deviceSchema),
    response: ref('Notice'),
  },
  [`GET ${API.webPushKey}`]: {
    tag: 'Notifications',
    summary: "The server's VAPID public key, which a Web Push subscription (Safari's) is made with.",
    response: dataOf(obj({ publicKey: described('A P-256 public key, uncompressed, base64url', str) })),
  },
  [`POST ${API.webPushSubscription}`]: {
    tag: 'Notifications',
    summary: "Saves this device's Web Push subscription (Safari's) for the caller; only a push service the server sends to.",
    auth: 'user',
    body: fromYup(webPushSubscriptionSchema),
    response: ref('Notice'),
  },
  [`GET ${API.dailyReminder}`]: {
    tag: 'Notifications',
    summary: 'The daily proverb reminder.',
    auth: 'user',
    response: dataOf(ref('DailyReminder')),
  },
  [`PUT ${API.dailyReminder}`]: {
    tag: 'Notifications',
    summary: 'Sets or turns off the daily proverb reminder.',
    auth: 'user',
    body: fromYup(reminderSchema),
    response: dataOf(ref('DailyReminder')),
  },

  // Plans and payments
  [`GET ${API.packages}`]: { tag: 'Plans and payments', summary: 'The plans.', response: dataOf(list(ref('Plan'))) },
  [`GET ${API.exchangeRate}`]: {
    tag: 'Plans and payments',
    summary: 'Naira per dollar, for showing prices.',
    response: dataOf(ref('ExchangeRates')),
  },
  [`GET ${API.activePackage}`]: {
    tag: 'Plans and payments',
    summary: 'The package in force (404 when none).',
    auth: 'user',
    response: dataOf(ref('ActivePackage')),
  },
  [`GET ${API.lastActivePackage}`]: {
    tag: 'Plans and payments',
    summary: 'The latest package, in force or ended (404 when never one).',
    auth: 'user',
    response: dataOf(ref('ActivePackage')),
  },
  [`POST ${API.cancelAutoRenewal}`]: {
    tag: 'Plans and payments',
    summary: 'The active package will end at its expiry instead of renewing.',
    auth: 'user',
    response: obj({ data: ref('ActivePackage'), message: str }),
  },
  [`GET ${API.paymentOptions}`]: {
    tag: 'Plans and payments',
    summary: 'The ways to pay this server offers.',
    response: dataOf(list(ref('PaymentOptionInfo'))),
  },
  [`GET ${API.paymentQuote}`]: {
    tag: 'Plans and payments',
    summary: "The server's price for a plan in a currency with a promo code.",
    auth: 'optional',
    query: { packageId: int, currency: oneOf('USD', 'NGN'), option: oneOf('paystack', 'stripe', 'test'), coupon: str },
    response: dataOf(ref('PaymentQuote')),
  },
  [`POST ${API.paymentInitialize}`]: {
    tag: 'Plans and payments',
    summary: 'Starts a payment: where to send the user to pay (a session, or the registration token after sign-up).',
    auth: 'optional',
    body: fromYup(paymentStateSchema),
    response: dataOf(ref('PaymentStart')),
  },
  [`POST ${ROUTES.paymentVerify}`]: {
    tag: 'Plans and payments',
    summary: 'Asks the provider and answers what became of the payment.',
    auth: 'optional',
    body: fromYup(verifySchema),
    response: dataOf(ref('PaymentOutcome')),
  },
  [`GET ${PAYMENT_ROUTES.paymentReceipt}`]: {
    tag: 'Plans and payments',
    summary: 'Public: whether the payment went through and for which plan, for a checkout that returns to a tab with no session.',
    response: dataOf(ref('PaymentReceipt')),
  },
  [`GET ${PAYMENT_API.planToPay}`]: {
    tag: 'Plans and payments',
    summary: 'The paid plan chosen at sign-up and not paid for yet; null when none.',
    auth: 'user',
    response: dataOf(nullable(ref('Plan'))),
  },
  [`DELETE ${PAYMENT_API.planToPay}`]: {
    tag: 'Plans and payments',
    summary: 'Stay on the Free plan: the plan chosen at sign-up is no longer offered.',
    auth: 'user',
    response: obj({ data: { type: 'null' }, message: str }),
  },
  [`GET ${API.paymentHistory}`]: {
    tag: 'Plans and payments',
    summary: "The caller's payments, newest first.",
    auth: 'user',
    query: page,
    response: pageOf(ref('PaymentRecord')),
  },
  [`POST ${API.paystackWebhook}`]: {
    tag: 'Plans and payments',
    summary: "Paystack's webhook (signed; registered when Paystack is configured).",
    body: described("The provider's signed event, read as raw bytes.", { type: 'object' }),
    response: dataOf(obj({ received: bool })),
  },
  [`POST ${API.stripeWebhook}`]: {
    tag: 'Plans and payments',
    summary: "Stripe's webhook (signed; registered when Stripe is configured).",
    body: described("The provider's signed event, read as raw bytes.", { type: 'object' }),
    response: dataOf(obj({ received: bool })),
  },
  [`GET ${ROUTES.testCheckout}`]: {
    tag: 'Plans and payments',
    summary: "The built-in test mode's checkout page.",
    response: html('The checkout page.'),
  },
  [`POST ${ROUTES.testCheckout}`]: {
    tag: 'Plans and payments',
    summary: 'Settles a test-mode payment, then redirects (303) back to the app.',
    body: obj({ outcome: oneOf('success', 'decline-renewals', 'failed', 'abandoned') }),
    status: 303,
    response: html('A redirect back to the app (an HTML page explains a refusal).'),
  },

  // Adverts
  [`GET ${API.adverts}`]: { tag: 'Adverts', summary: 'The advert file list.', auth: 'user', response: dataOf(list(ref('AdvertFile'))) },
  [`GET ${ROUTES.advert}`]: {
    tag: 'Adverts',
    summary: 'One advert by id or name, its content in base64.',
    auth: 'user',
    response: dataOf(ref('AdvertContent')),
  },
  [`GET ${API.adToggle}`]: { tag: 'Adverts', summary: 'The ad toggle.', auth: 'user', response: dataOf(ref('AdToggle')) },
  [`POST ${API.adToggle}`]: {
    tag: 'Adverts',
    summary: 'Sets the ad toggle.',
    auth: 'user',
    body: toggleBody,
    response: dataOf(ref('AdToggle')),
  },

  // Community
  [`POST ${API.suggestProverb}`]: {
    tag: 'Community',
    summary: 'A proverb suggestion, pending moderation (visitors and users); kept once per Idempotency-Key.',
    auth: 'optional',
    headers: { 'idempotency-key': ONCE },
    body: fromYup(suggestionSchema),
    status: 201,
    response: dataOf(ref('SuggestionResult')),
  },
  [`POST ${API.contact}`]: {
    tag: 'Community',
    summary: 'A message to the admins.',
    auth: 'optional',
    body: fromYup(contactSchema),
    status: 201,
    response: notice,
  },
  [`POST ${API.unsubscribe}`]: {
    tag: 'Community',
    summary: 'The signed link in every email: turns off non-essential mail and reminders.',
    body: unsubscribeBody,
    response: dataOf(ref('UnsubscribeResult')),
  },

  // Admins
  [`GET ${ADMIN_API.suggestions}`]: {
    tag: 'Admins',
    summary: 'Suggestions by status.',
    query: { ...statusQuery('pending', 'approved', 'rejected'), ...page },
    response: pageOf(ref('AdminSuggestion')),
  },
  [`POST ${ADMIN_ROUTES.approveSuggestion}`]: {
    tag: 'Admins',
    summary: 'Edits and publishes a suggestion.',
    body: fromYup(proverbInputSchema),
    response: dataOf(ref('AdminSuggestion')),
  },
  [`POST ${ADMIN_ROUTES.rejectSuggestion}`]: {
    tag: 'Admins',
    summary: 'Rejects a suggestion.',
    body: fromYup(rejectSuggestionSchema),
    response: dataOf(ref('AdminSuggestion')),
  },
  [`GET ${ADMIN_API.corrections}`]: {
    tag: 'Admins',
    summary: "Readers' corrections by status, each with the proverb as it is now.",
    query: { ...statusQuery('pending', 'accepted', 'declined'), ...page },
    response: pageOf(ref('AdminCorrection')),
  },
  [`POST ${ADMIN_ROUTES.acceptCorrection}`]: {
    tag: 'Admins',
    summary: 'The proverb takes the (tidied) correction.',
    body: fromYup(acceptCorrectionSchema),
    response: dataOf(ref('AdminCorrection')),
  },
  [`POST ${ADMIN_ROUTES.declineCorrection}`]: {
    tag: 'Admins',
    summary: 'Declines a correction.',
    body: fromYup(rejectSuggestionSchema),
    response: dataOf(ref('AdminCorrection')),
  },
  [`PUT ${ADMIN_ROUTES.proverbChecked}`]: {
    tag: 'Admins',
    summary: 'A speaker of the language checked the proverb.',
    body: fromYup(speakerCheckSchema),
    response: dataOf(ref('AdminProverb')),
  },
  [`DELETE ${ADMIN_ROUTES.proverbChecked}`]: {
    tag: 'Admins',
    summary: "Takes the speaker's check away.",
    response: dataOf(ref('AdminProverb')),
  },
  [`GET ${ADMIN_API.proverbs}`]: {
    tag: 'Admins',
    summary: 'The corpus, searchable, paged.',
    query: { q: str, ethnic: str, ...page },
    response: pageOf(ref('AdminProverb')),
  },
  [`POST ${ADMIN_API.proverbs}`]: {
    tag: 'Admins',
    summary: 'Adds a proverb.',
    body: fromYup(proverbInputSchema),
    status: 201,
    response: dataOf(ref('AdminProverb')),
  },
  [`PUT ${ADMIN_ROUTES.proverb}`]: {
    tag: 'Admins',
    summary: 'Replaces a proverb.',
    body: fromYup(proverbInputSchema),
    response: dataOf(ref('AdminProverb')),
  },
  [`DELETE ${ADMIN_ROUTES.proverb}`]: { tag: 'Admins', summary: 'Deletes a proverb.', response: deleted },
  [`POST ${ADMIN_API.proverbImport}`]: {
    tag: 'Admins',
    summary: 'Imports a CSV or JSON file of proverbs, row by row, with a report.',
    multipart: fileUpload(),
    response: dataOf(ref('ImportReport')),
  },
  [`GET ${ADMIN_API.categories}`]: {
    tag: 'Admins',
    summary: 'The categories, paged.',
    query: page,
    response: pageOf(ref('AdminCategory')),
  },
  [`POST ${ADMIN_API.categories}`]: {
    tag: 'Admins',
    summary: 'Adds a category.',
    body: fromYup(categoryInputSchema),
    status: 201,
    response: dataOf(ref('AdminCategory')),
  },
  [`PUT ${ADMIN_ROUTES.category}`]: {
    tag: 'Admins',
    summary: 'Renames a category.',
    body: fromYup(categoryInputSchema),
    response: dataOf(ref('AdminCategory')),
  },
  [`DELETE ${ADMIN_ROUTES.category}`]: { tag: 'Admins', summary: 'Deletes a category.', response: deleted },
  [`GET ${ADMIN_API.faqs}`]: { tag: 'Admins', summary: 'The FAQ, paged.', query: page, response: pageOf(ref('AdminFaq')) },
  [`POST ${ADMIN_API.faqs}`]: {
    tag: 'Admins',
    summary: 'Adds a question.',
    body: fromYup(faqInputSchema),
    status: 201,
    response: dataOf(ref('AdminFaq')),
  },
  [`PUT ${ADMIN_ROUTES.faq}`]: {
    tag: 'Admins',
    summary: 'Replaces a question.',
    body: fromYup(faqInputSchema),
    response: dataOf(ref('AdminFaq')),
  },
  [`DELETE ${ADMIN_ROUTES.faq}`]: { tag: 'Admins', summary: 'Deletes a question.', response: deleted },
  [`GET ${ADMIN_API.quizQuestions}`]: {
    tag: 'Admins',
    summary: 'The quiz bank, paged.',
    query: { ethnicGroupId: str, q: str, ...page },
    response: pageOf(ref('AdminQuizQuestion')),
  },
  [`POST ${ADMIN_API.quizQuestions}`]: {
    tag: 'Admins',
    summary: 'Adds a quiz question.',
    body: fromYup(quizQuestionSchema),
    status: 201,
    response: dataOf(ref('AdminQuizQuestion')),
  },
  [`PUT ${ADMIN_ROUTES.quizQuestion}`]: {
    tag: 'Admins',
    summary: 'Replaces a quiz question.',
    body: fromYup(quizQuestionSchema),
    response: dataOf(ref('AdminQuizQuestion')),
  },
  [`DELETE ${ADMIN_ROUTES.quizQuestion}`]: {
    tag: 'Admins',
    summary: 'Deletes a quiz question (a built-in one is made inactive).',
    response: dataOf(ref('AdminQuizQuestion')),
  },
  [`GET ${ADMIN_API.adverts}`]: {
    tag: 'Admins',
    summary: 'The adverts, in the order shown.',
    query: page,
    response: pageOf(ref('AdminAdvert')),
  },
  [`POST ${ADMIN_API.adverts}`]: {
    tag: 'Admins',
    summary: 'Uploads an advert (WebP image or MP4 video).',
    multipart: fileUpload(fromYup(advertUploadSchema)),
    status: 201,
    response: dataOf(ref('AdminAdvert')),
  },
  [`PATCH ${ADMIN_ROUTES.advert}`]: {
    tag: 'Admins',
    summary: 'Changes an advert.',
    body: fromYup(advertPatchSchema),
    response: dataOf(ref('AdminAdvert')),
  },
  [`PUT ${ADMIN_API.advertOrder}`]: {
    tag: 'Admins',
    summary: "Every advert's id once, in the order to show them.",
    body: fromYup(advertOrderSchema),
    response: dataOf(list(ref('AdminAdvert'))),
  },
  [`DELETE ${ADMIN_ROUTES.advert}`]: { tag: 'Admins', summary: 'Deletes an advert.', response: dataOf(obj({ id: int })) },
  [`POST ${ADMIN_API.broadcast}`]: {
    tag: 'Admins',
    summary: "A message (and push) to everyone or to one group's readers.",
    body: fromYup(broadcastSchema),
    response: dataOf(obj({ reached: int })),
  },
  [`GET ${ADMIN_API.contactMessages}`]: {
    tag: 'Admins',
    summary: 'Contact messages, newest first.',
    query: { unread: oneOf('1', '0', 'true', 'false'), ...page },
    response: pageOf(ref('ContactMessage')),
  },
  [`POST ${ADMIN_ROUTES.contactMessageRead}`]: {
    tag: 'Admins',
    summary: 'Marks a contact message read.',
    response: dataOf(ref('ContactMessage')),
  },
  [`GET ${ADMIN_API.users}`]: {
    tag: 'Admins',
    summary: 'The accounts, searchable, paged.',
    query: { q: str, ...page },
    response: pageOf(ref('AdminUser')),
  },
  [`GET ${ADMIN_API.payments}`]: {
    tag: 'Admins',
    summary: 'The payments, paged.',
    query: { ...statusQuery('pending', 'success', 'failed', 'abandoned'), ...page },
    response: pageOf(ref('AdminPayment')),
  },
  [`GET ${ADMIN_API.audit}`]: {
    tag: 'Admins',
    summary: "The admins' actions, newest first.",
    query: page,
    response: pageOf(ref('AuditEntry')),
  },
  [`GET ${ADMIN_API.mail}`]: {
    tag: 'Admins',
    summary: 'The mail queue (never a mail’s text or link).',
    query: { ...statusQuery('failed', 'waiting', 'sent', 'kept'), ...page },
    response: pageOf(ref('AdminMail')),
  },
  [`POST ${ADMIN_ROUTES.mailRetry}`]: {
    tag: 'Admins',
    summary: 'Puts a failed mail back in the queue, due now.',
    response: dataOf(ref('AdminMail')),
  },
  [`GET ${ADMIN_API.insights}`]: {
    tag: 'Admins',
    summary: 'Insights: visitors and views per day, top proverbs, groups and searches, searches that found nothing, sign-ups and money.',
    query: {
      from: described('The first UTC day; 29 days before `to` by default.', day),
      to: described('The last UTC day; today by default. At most 366 days in all.', day),
    },
    response: dataOf(ref('Insights')),
  },

  // Analytics
  [`POST ${API.events}`]: {
    tag: 'Analytics',
    summary:
      'Takes a batch of events (1 to 50), each kept once by its id. With DNT: 1 or Sec-GPC: 1 nothing is stored. 400 for a malformed or future-dated batch (nothing stored; future-dated is coded clock_ahead, with the server’s clock in the Date header), 413 over 80 KB, 429 past the per-address limit.',
    headers: {
      dnt: described('1: Do Not Track; the batch is answered and not stored.', str),
      'sec-gpc': described('1: Global Privacy Control; the batch is answered and not stored.', str),
    },
    body: fromYup(eventBatchSchema),
    status: 202,
    response: dataOf(ref('EventBatchResult')),
  },

  // Learning
  [`POST ${API.learningLog}`]: {
    tag: 'Learning',
    summary:
      "Stores a batch of the reader's learning entries (1 to 200), each once by its id. Entries the server will never take are refused one by one (a proverb not published, a quiz not the reader's, a day that is not the time at its offset) and the rest stored. 400 for a malformed or future-dated batch, or one with an entry dated more than a day before the account was made (nothing stored; future-dated is coded clock_ahead, with the server's clock in the Date header), 413 over 48 KB, 429 past the per-reader limit.",
    auth: 'user',
    body: ref('LearningBatch'),
    response: dataOf(ref('LearningBatchResult')),
  },
  [`GET ${API.learningLog}`]: {
    tag: 'Learning',
    summary: "The reader's learning entries that reached the server after a cursor, oldest first, 1,000 a page.",
    auth: 'user',
    query: { after: described('The cursor of the last page read (its last seq); 0, the start, by default.', int) },
    response: dataOf(ref('LearningLogPage')),
  },
  [`GET ${API.learningSummary}`]: {
    tag: 'Learning',
    summary: "The reader's streak, active days and deck counts.",
    auth: 'user',
    query: {
      today: described(
        "The reader's local day; by default the day in their daily reminder's zone, else UTC. 400 when it is not today anywhere.",
        day,
      ),
    },
    response: dataOf(ref('LearningSummary')),
  },
}

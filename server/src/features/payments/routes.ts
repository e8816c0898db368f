import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API, ROUTES } from '@core/http/api-paths'
import { PAYMENT_ROUTES } from '@core/payments/api-paths'
import type { Paginated } from '@core/http/contract'
import type { PaymentOptionInfo, PaymentOutcome, PaymentQuote, PaymentReceipt, PaymentRecord, PaymentStart } from '@core/payments/contract'
import { isPaymentOption, PAYMENT_REFERENCE_PATTERN, PAYMENT_TEXTS } from '@core/payments/payment'
import type { Db } from '../../db/client'
import { authGuard, sessionOf } from '../../http/auth-guard'
import { badRequest, notFound, unauthorized } from '../../http/errors'
import { MAX_ID, optionalString, paging, positiveInt } from '../../http/params'
import { parseBody } from '../../http/validate'
import { rateLimit, takeHit, type Limit } from '../../http/rate-limit'
import { clientKey } from '../../http/client-key'
import { userOfPaymentToken } from '../../services/payment-tokens'
import { authenticate } from '../../services/sessions'
import { paymentHistory } from './repository'
import { paymentStateSchema, verifySchema } from './schemas'
import type { Payer, PaymentService } from './service'
import { paymentWebhooks } from './webhook-routes'
import { testCheckoutRoutes } from './test-checkout-routes'
import { PAYMENT_FIELD_TEXTS } from '@core/payments/texts'

type Deps = { db: Db; now: () => Date; payments: PaymentService; checkRateLimit: number; paymentRateLimit: number }

/**
 * Payments (ours; paths in API): the options, the server's quote, starting a checkout, its outcome, the
 * history, the providers' webhooks and the test mode's checkout page. Money is decided here from the plan
 * table; the app's `amount` is only compared with it.
 */
export function paymentRoutes(app: FastifyInstance, { db, now, payments, checkRateLimit, paymentRateLimit }: Deps): void {
  const requireUser = authGuard(app, db, now)
  /** A quote with a promo code tells whether the code exists: it shares the promo-code check's limit. */
  const codeChecks: Limit = { name: 'check', max: checkRateLimit, windowMs: 60_000 }
  const HOUR = 3_600_000
  /**
   * Each start asks a provider to open a checkout, each check asks it what became of one: counted per payer
   * and per client, before the provider is called. The result page asks every 2 s for half a minute, so
   * checks get fifteen times the starts; an address gets ten payers' worth (many readers share one behind a
   * mobile carrier's NAT).
   */
  const limits = {
    start: { name: 'payment-start', max: paymentRateLimit, windowMs: HOUR },
    check: { name: 'payment-check', max: paymentRateLimit * 15, windowMs: HOUR },
    clientStart: { name: 'payment-start-client', max: paymentRateLimit * 10, windowMs: HOUR },
    clientCheck: { name: 'payment-check-client', max: paymentRateLimit * 150, windowMs: HOUR },
  } satisfies Record<string, Limit>
  const counted = async (perPayer: Limit, perClient: Limit, request: FastifyRequest, payer: Payer) => {
    await takeHit(db, perClient, clientKey(request), now())
    await takeHit(db, perPayer, String(payer.userId), now())
  }

  /** A sign-up's payment token acts for its own sign-up payments only; everything else needs a session. */
  async function payerOf(request: FastifyRequest, registrationToken: string | undefined): Promise<Payer> {
    if (registrationToken !== undefined) {
      const userId = await userOfPaymentToken(db, registrationToken, now())
      if (userId === undefined) throw unauthorized('unauthorized', PAYMENT_TEXTS.registrationExpired)
      return { userId, registrationOnly: true }
    }
    return { userId: (await authenticate(db, request, now())).userId, registrationOnly: false }
  }

  app.get(API.paymentOptions, async (): Promise<{ data: PaymentOptionInfo[] }> => ({ data: payments.options() }))

  app.get(API.paymentQuote, async (request): Promise<{ data: PaymentQuote }> => {
    const query = request.query as Record<string, unknown>
    const packageId = positiveInt(query, 'packageId', 0, MAX_ID)
    if (packageId === 0) throw badRequest(PAYMENT_FIELD_TEXTS.packageId, { packageId: PAYMENT_FIELD_TEXTS.packageId })
    const currency = optionalString(query, 'currency', 3)?.toUpperCase() ?? 'USD'
    if (currency !== 'USD' && currency !== 'NGN') throw badRequest(PAYMENT_FIELD_TEXTS.currency, { currency: PAYMENT_FIELD_TEXTS.currency })
    const option = optionalString(query, 'option', 20) ?? null
    if (option !== null && !isPaymentOption(option))
      throw badRequest(PAYMENT_FIELD_TEXTS.paymentOption, { option: PAYMENT_FIELD_TEXTS.paymentOption })
    const coupon = optionalString(query, 'coupon', 200) ?? null
    if (coupon) await rateLimit(db, codeChecks, request, now())
    // Public, but a signed-in caller is known: their own referral code is refused here as at checkout.
    const userId = request.headers.authorization
      ? await authenticate(db, request, now()).then(
          (s) => s.userId,
          () => null,
        )
      : null
    return { data: await payments.quote({ packageId, currency, option, coupon }, userId, now()) }
  })

  app.post(API.paymentInitialize, async (request): Promise<{ data: PaymentStart }> => {
    const input = await parseBody(paymentStateSchema, request.body)
    const payer = await payerOf(request, input.metadata.registration ? input.registrationToken : undefined)
    await counted(limits.start, limits.clientStart, request, payer)
    // Browsers send Origin with every POST; the service returns there only when it is one of the site's.
    const origin = request.headers.origin
    const startedFrom = origin && origin !== 'null' ? origin : request.headers.referer
    return { data: await payments.initialize(input, payer.userId, now(), startedFrom) }
  })

  app.post<{ Params: { reference: string } }>(ROUTES.paymentVerify, async (request): Promise<{ data: PaymentOutcome }> => {
    const { cancelled, registrationToken } = await parseBody(verifySchema, request.body ?? {})
    const payer = await payerOf(request, registrationToken)
    await counted(limits.check, limits.clientCheck, request, payer)
    const { reference } = request.params
    if (!PAYMENT_REFERENCE_PATTERN.test(reference)) throw notFound(PAYMENT_TEXTS.paymentNotFound)
    return { data: await payments.verify(reference, payer, cancelled === true, now()) }
  })

  // Public: a checkout may come back to a tab with no session (another browser, the sign-up's tab closed).
  app.get<{ Params: { reference: string } }>(PAYMENT_ROUTES.paymentReceipt, async (request): Promise<{ data: PaymentReceipt }> => {
    const { reference } = request.params
    if (!PAYMENT_REFERENCE_PATTERN.test(reference))
      throw badRequest(PAYMENT_TEXTS.referenceInvalid, { reference: PAYMENT_TEXTS.referenceInvalid })
    await takeHit(db, limits.clientCheck, clientKey(request), now())
    return { data: await payments.receipt(reference, now()) }
  })

  app.get(API.paymentHistory, { preHandler: requireUser }, async (request): Promise<Paginated<PaymentRecord>> => {
    const { page, size } = paging(request.query as Record<string, unknown>)
    return paymentHistory(db, sessionOf(request).userId, page, size)
  })

  app.register(paymentWebhooks, { payments, now })
  if (payments.providerOf('test')) app.register(testCheckoutRoutes, { payments, now })
}

import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { CurrencyCode } from '@core/shared/constants'
import type { PaymentOptionInfo, PaymentOutcome, PaymentQuote, PaymentReceipt, PaymentStart } from '@core/payments/contract'
import { currencyFor, fromMinorUnits, PAYMENT_TEXTS, paymentType, toMinorUnits, type PaymentOption } from '@core/payments/payment'
import { isFreePlan, PLAN_TEXTS } from '@core/payments/plans'
import { ACCOUNT_TEXTS } from '@core/account/texts'
import { MESSAGES } from '@core/shared/validation'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema'
import { badRequest, conflict, HttpError, notFound } from '../../http/errors'
import { hasControlCharacters } from '../../http/params'
import type { Notifier } from '../../services/notify'
import { ProviderError, type PaymentProvider, type ProviderResult, type WebhookEvent } from '../../services/payments/types'
import { userPackageOf } from '../../services/user-packages'
import { findPromoCode } from '../../services/promo-codes'
import { emailOf, insertPayment, paymentByReference, planById, type NewPayment, type Payment } from './repository'
import { checkoutDescription, quoteOf, returnBase, returnUrls } from './rules'
import type { PaymentStateInput } from './schemas'
import { settlePayment } from './settle'

export type PaymentServiceDeps = {
  db: Db
  providers: PaymentProvider[]
  notifier: Notifier
  log: FastifyBaseLogger
  nairaPerDollar: number
  publicUrl: string
  /** The origins a checkout may return to (config.siteOrigins); the public URL's alone when not given. */
  siteOrigins?: readonly string[]
}

export type QuoteInput = { packageId: number; currency: CurrencyCode; option: PaymentOption | null; coupon: string | null }

/** Who is asking: a signed-in user, or a sign-up paying with its payment token (its sign-up payments only). */
export type Payer = { userId: number; registrationOnly: boolean }

export type PaymentService = ReturnType<typeof createPaymentService>

/** The payment flows: price, start, outcome. Amounts come from the plan table, never from the request. */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { db, providers, log, nairaPerDollar, publicUrl } = deps
  const siteOrigins = deps.siteOrigins ?? [new URL(publicUrl).origin]
  const providerOf = (id: string) => providers.find((p) => p.id === id)

  /** A promo code the user may use now, or a 400 on `coupon`. */
  async function usablePromo(code: string, userId: number | null, now: Date) {
    const invalid = () => badRequest(ACCOUNT_TEXTS.promoInvalid, { coupon: ACCOUNT_TEXTS.promoInvalid })
    if (code.length > 40 || hasControlCharacters(code)) throw invalid()
    const promo = await findPromoCode(db, code, now)
    if (!promo) throw invalid()
    if (userId !== null && promo.ownerUserId === userId) throw badRequest(PAYMENT_TEXTS.ownReferral, { coupon: PAYMENT_TEXTS.ownReferral })
    return promo
  }

  async function priced(input: QuoteInput, userId: number | null, now: Date, planField: string) {
    const plan = await planById(db, input.packageId)
    if (!plan) throw badRequest(MESSAGES.packageRequired, { [planField]: MESSAGES.packageRequired })
    // Free is chosen, never bought: there is nothing to price or charge.
    if (isFreePlan({ amount: Number(plan.amount) })) throw badRequest(PLAN_TEXTS.freeIsFree, { [planField]: PLAN_TEXTS.freeIsFree })
    const promo = input.coupon ? await usablePromo(input.coupon, userId, now) : null
    return { plan, promo, quote: quoteOf(plan, promo, currencyFor(input.option, input.currency), nairaPerDollar) }
  }

  const settle = (payment: Payment, result: ProviderResult, now: Date) => settlePayment(deps, payment, result, now)

  /** Asks the provider what became of a pending payment; a provider out of reach leaves it pending. */
  async function refresh(payment: Payment, now: Date): Promise<Payment> {
    const provider = providerOf(payment.provider)
    if (payment.status !== 'pending' || !provider) return payment
    try {
      return await settle(payment, await provider.verify({ reference: payment.reference, providerRef: payment.providerRef }), now)
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      log.warn({ err: error, reference: payment.reference }, 'payment provider could not be asked; the payment stays pending')
      return payment
    }
  }

  /** A retried click (same user, same details) gets the same checkout; anything else is refused. */
  function resume(existing: Payment, wanted: NewPayment): PaymentStart {
    const same =
      existing.userId === wanted.userId &&
      existing.packageId === wanted.packageId &&
      existing.provider === wanted.provider &&
      existing.currency === wanted.currency &&
      existing.amountMinor === wanted.amountMinor &&
      existing.autoRenew === wanted.autoRenew &&
      existing.promoCode === wanted.promoCode &&
      existing.registration === wanted.registration
    if (!same) throw conflict(PAYMENT_TEXTS.referenceTaken, { reference: PAYMENT_TEXTS.referenceTaken })
    if (existing.status !== 'pending') throw conflict(PAYMENT_TEXTS.alreadySettled, { reference: PAYMENT_TEXTS.alreadySettled })
    if (!existing.checkoutUrl) throw conflict(PAYMENT_TEXTS.stillStarting)
    return {
      reference: existing.reference,
      redirectUrl: existing.checkoutUrl,
      amount: fromMinorUnits(existing.amountMinor),
      currency: existing.currency,
    }
  }

  return {
    deps,
    providerOf,
    settle,
    refresh,
    /** The app's base URL for a checkout started from `startedFrom` (see returnBase). */
    returnBase: (startedFrom: string | undefined) => returnBase(publicUrl, siteOrigins, startedFrom),

    options(): PaymentOptionInfo[] {
      return providers.map((p) => ({ id: p.id, label: p.label, currencies: [...p.currencies], testMode: p.id === 'test' }))
    },

    async quote(input: QuoteInput, userId: number | null, now: Date): Promise<PaymentQuote> {
      const { quote } = await priced(input, userId, now, 'packageId')
      const { packageId, planName, currency, listAmount, discount, amount, percentOff, coupon } = quote
      return { packageId, planName, currency, listAmount, discount, amount, percentOff, coupon }
    },

    /** `startedFrom`: the page's origin, which the checkout returns to when it is one of the site's. */
    async initialize(input: PaymentStateInput, userId: number, now: Date, startedFrom?: string): Promise<PaymentStart> {
      const option = input.paymentOption
      const provider = providerOf(option)
      if (!provider) throw badRequest(PAYMENT_TEXTS.optionUnavailable, { paymentOption: PAYMENT_TEXTS.optionUnavailable })
      if (input.metadata.payment_type !== paymentType(option)) {
        throw badRequest(PAYMENT_TEXTS.paymentTypeMismatch, { 'metadata.payment_type': PAYMENT_TEXTS.paymentTypeMismatch })
      }
      if (currencyFor(option, input.currency) !== input.currency)
        throw badRequest(PAYMENT_TEXTS.nairaOnlyPaystack, { currency: PAYMENT_TEXTS.nairaOnlyPaystack })
      if (!provider.currencies.includes(input.currency))
        throw badRequest(PAYMENT_TEXTS.currencyUnavailable, { currency: PAYMENT_TEXTS.currencyUnavailable })
      const coupon = input.coupon?.trim() || null
      const { plan, promo, quote } = await priced(
        { packageId: input.metadata.packageId, currency: input.currency, option, coupon },
        userId,
        now,
        'metadata.packageId',
      )
      if (toMinorUnits(input.amount) !== quote.amountMinor)
        throw conflict(PAYMENT_TEXTS.priceChanged, { amount: PAYMENT_TEXTS.priceChanged })

      const registration = input.metadata.registration
      const wanted: NewPayment = {
        reference: input.reference,
        userId,
        packageId: plan.id,
        provider: option,
        purpose: 'subscribe',
        currency: quote.currency,
        amountMinor: quote.amountMinor,
        promoCode: promo?.code ?? null,
        percentOff: quote.percentOff,
        autoRenew: input.autoRenew,
        registration,
        createdAt: now,
      }
      const inserted = await insertPayment(db, wanted)
      if (!inserted) {
        const existing = await paymentByReference(db, input.reference)
        if (!existing) throw conflict(PAYMENT_TEXTS.stillStarting)
        return resume(existing, wanted)
      }
      try {
        const started = await provider.start({
          reference: input.reference,
          amountMinor: quote.amountMinor,
          currency: quote.currency,
          email: await emailOf(db, userId),
          ...returnUrls(returnBase(publicUrl, siteOrigins, startedFrom), input.reference, registration),
          description: checkoutDescription(plan.name),
          saveForRenewal: input.autoRenew,
          metadata: {
            reference: input.reference,
            userId: String(userId),
            packageId: String(plan.id),
            purpose: 'subscribe',
            registration: String(registration),
          },
        })
        await db
          .update(payments)
          .set({ providerRef: started.providerRef, checkoutUrl: started.redirectUrl })
          .where(eq(payments.id, inserted.id))
        return { reference: input.reference, redirectUrl: started.redirectUrl, amount: quote.amount, currency: quote.currency }
      } catch (error) {
        const reason = error instanceof ProviderError ? error.message : 'the checkout could not be started'
        await db
          .update(payments)
          .set({ status: 'failed', failureReason: reason, completedAt: now })
          .where(and(eq(payments.id, inserted.id), eq(payments.status, 'pending')))
        if (!(error instanceof ProviderError)) throw error
        log.warn({ err: error, reference: input.reference, provider: option }, 'starting a checkout failed')
        throw new HttpError(502, 'provider_unavailable', PAYMENT_TEXTS.providerUnavailable)
      }
    },

    /** What became of a payment of the payer's; pending ones are asked about, and given up when `cancelled`. */
    async verify(reference: string, payer: Payer, cancelled: boolean, now: Date): Promise<PaymentOutcome> {
      const found = await paymentByReference(db, reference)
      if (!found || found.userId !== payer.userId || (payer.registrationOnly && !found.registration))
        throw notFound(PAYMENT_TEXTS.paymentNotFound)
      let payment = await refresh(found, now)
      if (payment.status === 'pending' && cancelled) {
        try {
          await providerOf(payment.provider)?.cancel({ reference, providerRef: payment.providerRef })
        } catch (error) {
          log.warn({ err: error, reference }, 'the provider could not close the checkout')
        }
        payment = await settle(payment, { status: 'abandoned', reason: 'cancelled at checkout' }, now)
      }
      const made = payment.status === 'success' && !payer.registrationOnly && payment.userPackageId !== null
      const plan = await planById(db, payment.packageId)
      return {
        reference,
        status: payment.status,
        message: PAYMENT_TEXTS[payment.status],
        planName: plan?.name ?? '',
        amount: fromMinorUnits(payment.amountMinor),
        currency: payment.currency,
        registration: payment.registration,
        package: made ? await userPackageOf(db, payment.userId, payment.userPackageId!, now) : null,
      }
    },

    /**
     * What a checkout's return may show a tab without a session: the reference is the key (unguessable, and only in
     * the payer's own return link), and it opens no more than whether the payment went through and for which plan.
     * Pending ones are asked about, as the payer's own check would; nothing is cancelled from here.
     */
    async receipt(reference: string, now: Date): Promise<PaymentReceipt> {
      const found = await paymentByReference(db, reference)
      if (!found) throw notFound(PAYMENT_TEXTS.paymentNotFound)
      const payment = await refresh(found, now)
      const plan = await planById(db, payment.packageId)
      return { reference, status: payment.status, planName: plan?.name ?? '' }
    },

    /** A provider's event: about one of its own payments of ours, else acknowledged and ignored. */
    async applyWebhook(providerId: PaymentOption, event: WebhookEvent, now: Date): Promise<void> {
      const payment = await paymentByReference(db, event.reference)
      if (!payment || payment.provider !== providerId) {
        log.info({ reference: event.reference, provider: providerId }, 'webhook about no payment of ours')
        return
      }
      await settle(payment, event.result, now)
    },
  }
}

import type { FastifyInstance, FastifyReply } from 'fastify'
import { API, ROUTES } from '@core/http/api-paths'
import { formatCurrency } from '@core/shared/money'
import { fromMinorUnits, PAYMENT_REFERENCE_PATTERN, PAYMENT_TEXTS } from '@core/payments/payment'
import { paymentByReference, planById, recordTestCharge, testChargeOf, type Payment } from './repository'
import { checkoutDescription, returnUrls } from './rules'
import { isTestOutcome } from './schemas'
import { TEST_CHECKOUT_TEXTS, type TestOutcome } from '@core/payments/texts'
import type { PaymentService } from './service'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The page's own policy: no scripts at all, inline styles, forms only to ourselves and the app. */
const policyFor = (publicUrl: string) =>
  `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(publicUrl).origin}; base-uri 'none'; frame-ancestors 'none'`

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f6f1e7;color:#2b2118}main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 2px 8px #0002}
.banner{background:#8a3b00;color:#fff;font-weight:700;padding:.5rem .75rem;border-radius:6px;text-align:center}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
form{margin:.5rem 0}button{width:100%;padding:.75rem;font-size:1rem;border-radius:8px;border:1px solid #8a3b00;background:#fff;color:#8a3b00;cursor:pointer}button.primary{background:#8a3b00;color:#fff}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} — Òwe test checkout</title><style>${STYLE}</style></head><body><main><p class="banner">${TEST_CHECKOUT_TEXTS.banner}</p>${body}</main></body></html>`
}

/**
 * The test mode's checkout (only when test mode is on): GET shows the plan and amount with one button per
 * outcome; POST records the choice (the first one stands), settles the payment at once, as a provider's
 * webhook would, and sends the browser back to the app like a real checkout does.
 */
export async function testCheckoutRoutes(
  scope: FastifyInstance,
  { payments, now }: { payments: PaymentService; now: () => Date },
): Promise<void> {
  const { db, publicUrl } = payments.deps
  const path = ROUTES.testCheckout
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  const send = (reply: FastifyReply, status: number, title: string, body: string) =>
    reply
      .code(status)
      .header('Content-Security-Policy', policyFor(publicUrl))
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(title, body))
  const problem = (reply: FastifyReply, status: number, message: string) => send(reply, status, message, `<h1>${escapeHtml(message)}</h1>`)

  /** The payment the page is for, or the answer to send instead. */
  async function openPayment(reference: string): Promise<Payment | [number, string]> {
    // The app's references only (renewals never come here): anything else is not a checkout of ours.
    if (!PAYMENT_REFERENCE_PATTERN.test(reference)) return [404, PAYMENT_TEXTS.paymentNotFound]
    const payment = await paymentByReference(db, reference)
    if (!payment || payment.provider !== 'test') return [404, PAYMENT_TEXTS.paymentNotFound]
    const chosen = await testChargeOf(db, reference)
    if (payment.status !== 'pending' || chosen) return [409, PAYMENT_TEXTS.alreadySettled]
    return payment
  }

  scope.get<{ Params: { reference: string } }>(path, async (request, reply) => {
    const payment = await openPayment(request.params.reference)
    if (Array.isArray(payment)) return problem(reply, ...payment)
    const plan = await planById(db, payment.packageId)
    const action = escapeHtml(API.testCheckout(payment.reference))
    const outcomes: TestOutcome[] = payment.autoRenew
      ? ['success', 'decline-renewals', 'failed', 'abandoned']
      : ['success', 'failed', 'abandoned']
    const buttons = outcomes
      .map(
        (outcome) =>
          `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><button${outcome === 'success' ? ' class="primary"' : ''}>${TEST_CHECKOUT_TEXTS.buttons[outcome]}</button></form>`,
      )
      .join('')
    const description = checkoutDescription(plan?.name ?? '')
    const amount = formatCurrency(fromMinorUnits(payment.amountMinor), payment.currency)
    return send(
      reply,
      200,
      description,
      `<h1>${escapeHtml(description)}</h1><p class="amount">${escapeHtml(amount)}</p><p>${TEST_CHECKOUT_TEXTS.explain}</p>${buttons}`,
    )
  })

  scope.post<{ Params: { reference: string } }>(path, async (request, reply) => {
    const outcome = (request.body as Record<string, unknown> | undefined)?.outcome
    if (!isTestOutcome(outcome)) return problem(reply, 400, TEST_CHECKOUT_TEXTS.badOutcome)
    const payment = await openPayment(request.params.reference)
    if (Array.isArray(payment)) return problem(reply, ...payment)
    const recorded = await recordTestCharge(db, {
      reference: payment.reference,
      outcome: outcome === 'decline-renewals' ? 'success' : outcome,
      declineRenewals: outcome === 'decline-renewals',
      createdAt: now(),
    })
    if (!recorded) return problem(reply, 409, PAYMENT_TEXTS.alreadySettled)
    await payments.refresh(payment, now())
    // Back to the site address the checkout page was opened on (the one the reader started from).
    const { callbackUrl, cancelUrl } = returnUrls(
      payments.returnBase(payment.checkoutUrl ?? undefined),
      payment.reference,
      payment.registration,
    )
    return reply.header('Cache-Control', 'no-store').redirect(outcome === 'abandoned' ? cancelUrl : callbackUrl, 303)
  })
}

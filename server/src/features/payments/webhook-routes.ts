import type { FastifyInstance } from 'fastify'
import { API } from '@core/http/api-paths'
import type { PaymentOption } from '@core/payments/payment'
import { HttpError } from '../../http/errors'
import { WebhookSignatureError } from '../../services/payments/types'
import type { PaymentService } from './service'
import { BODY_LIMITS } from '../../http/body-limits'

const ROUTES: [Exclude<PaymentOption, 'test'>, string][] = [
  ['paystack', API.paystackWebhook],
  ['stripe', API.stripeWebhook],
]

/**
 * The providers' webhooks, for the providers configured. A signature is computed over the exact bytes
 * sent, so this plugin (encapsulated: its parser applies to these routes only) keeps every body as the raw
 * Buffer. A bad signature is a 400; anything signed is acknowledged with a 200, including events about
 * payments we do not know and bodies we cannot read (logged), so the provider stops retrying them.
 */
export async function paymentWebhooks(
  scope: FastifyInstance,
  { payments, now }: { payments: PaymentService; now: () => Date },
): Promise<void> {
  scope.removeAllContentTypeParsers()
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  for (const [id, path] of ROUTES) {
    const provider = payments.providerOf(id)
    if (!provider) continue
    scope.post(path, { bodyLimit: BODY_LIMITS.webhook }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      let event
      try {
        event = provider.parseWebhook(raw, request.headers)
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new HttpError(400, 'bad_signature', 'The webhook signature is missing or does not match.')
        // Signed but not an event we can read (not JSON, fields missing): retrying it would not help, so
        // it is acknowledged and left for an admin in the log.
        request.log.warn({ err: error, provider: id }, 'signed webhook could not be read')
        return { data: { received: true } }
      }
      if (event) await payments.applyWebhook(id, event, now())
      return { data: { received: true } }
    })
  }
}

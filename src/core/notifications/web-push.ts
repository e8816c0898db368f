import * as yup from 'yup'
import { NOTIFICATION_TEXTS } from './texts'

/**
 * A Web Push subscription as the browser's PushSubscription.toJSON() gives it (Safari's: the endpoint is on Apple's
 * push service). The page sends it (src/features/push/web-push.ts); the server checks it with this same schema, and
 * sends to the endpoint only when it is one of the push services it is configured for (docs/decisions/023-every-phone.md).
 */

/** A P-256 public key (65 bytes) is 87 base64url characters; an auth secret (16 bytes) 22. */
const BASE64URL = /^[A-Za-z0-9_-]+$/

export const webPushSubscriptionSchema = yup.object({
  endpoint: yup
    .string()
    .strict()
    .typeError(NOTIFICATION_TEXTS.subscriptionEndpoint)
    .required(NOTIFICATION_TEXTS.subscriptionEndpoint)
    .max(1024, NOTIFICATION_TEXTS.subscriptionEndpoint)
    .matches(/^https?:\/\/[\x21-\x7e]+$/, NOTIFICATION_TEXTS.subscriptionEndpoint),
  keys: yup
    .object({
      p256dh: yup
        .string()
        .strict()
        .required(NOTIFICATION_TEXTS.subscriptionKeys)
        .length(87, NOTIFICATION_TEXTS.subscriptionKeys)
        .matches(BASE64URL, NOTIFICATION_TEXTS.subscriptionKeys),
      auth: yup
        .string()
        .strict()
        .required(NOTIFICATION_TEXTS.subscriptionKeys)
        .length(22, NOTIFICATION_TEXTS.subscriptionKeys)
        .matches(BASE64URL, NOTIFICATION_TEXTS.subscriptionKeys),
    })
    .required(NOTIFICATION_TEXTS.subscriptionKeys),
})

export type WebPushSubscriptionInput = yup.InferType<typeof webPushSubscriptionSchema>

/** GET API.webPushKey's answer. */
export type WebPushKey = { data: { publicKey: string } }

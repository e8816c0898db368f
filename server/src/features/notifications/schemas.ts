import * as yup from 'yup'
import { NOTIFICATION_TEXTS } from '@core/notifications/texts'

// strict(): yup would otherwise read 42 as "42"; a token or a time sent as a number is a client bug.

/** FCM registration tokens are visible ASCII (letters, digits, - _ :); anything else is not a token. */
const TOKEN_PATTERN = /^[\x21-\x7e]{1,4096}$/

export const deviceSchema = yup.object({
  device_type: yup
    .string()
    .strict()
    .typeError(NOTIFICATION_TEXTS.deviceType)
    .required(NOTIFICATION_TEXTS.deviceType)
    .oneOf(['WEB'] as const, NOTIFICATION_TEXTS.deviceType),
  device_token: yup
    .string()
    .strict()
    .typeError(NOTIFICATION_TEXTS.deviceToken)
    .required(NOTIFICATION_TEXTS.deviceToken)
    .matches(TOKEN_PATTERN, NOTIFICATION_TEXTS.deviceToken),
})

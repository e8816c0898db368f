import * as yup from 'yup'
import { REMINDER_TIME_MESSAGE, REMINDER_TIME_ZONE_MESSAGE } from '@core/notifications/reminder'

/** Our own texts for notifications (the spec gives none); the reminder's are shared with the app's form. */
export const NOTIFICATION_TEXTS = {
  deviceSaved: 'Device saved',
  deviceType: 'device_type must be WEB.',
  deviceToken: 'device_token must be 1 to 4096 visible characters.',
  notFound: 'No notification of yours has that id.',
  badId: 'The notification id must be a whole number.',
  testTitle: 'Test notification',
  testBody: 'Notifications reach you on this device.',
  reminderTime: REMINDER_TIME_MESSAGE,
  reminderTimeZone: REMINDER_TIME_ZONE_MESSAGE,
} as const

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

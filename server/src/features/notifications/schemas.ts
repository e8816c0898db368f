import * as yup from 'yup'
import { REMINDER_TIME_MESSAGE, REMINDER_TIME_PATTERN, REMINDER_TIME_ZONE_MESSAGE } from '@core/notifications/reminder'

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

/** A zone Intl knows (the app formats with it); the server also asks the database, which computes with it. */
export function isIntlTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** `time` null turns the reminder off; then the zone may be left out. */
export const reminderSchema = yup.object({
  time: yup
    .string()
    .strict()
    .typeError(NOTIFICATION_TEXTS.reminderTime)
    .nullable()
    .defined(NOTIFICATION_TEXTS.reminderTime)
    .matches(REMINDER_TIME_PATTERN, NOTIFICATION_TEXTS.reminderTime),
  timeZone: yup
    .string()
    .strict()
    .typeError(NOTIFICATION_TEXTS.reminderTimeZone)
    .max(64, NOTIFICATION_TEXTS.reminderTimeZone)
    .when('time', {
      is: (time: unknown) => time !== null,
      then: (schema) => schema.required(NOTIFICATION_TEXTS.reminderTimeZone),
    })
    .test('intl-zone', NOTIFICATION_TEXTS.reminderTimeZone, (value) => value === undefined || isIntlTimeZone(value)),
})

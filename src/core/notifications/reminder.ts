/**
 * The daily proverb reminder's rules, shared by the profile's form and the server: a 24-hour 'HH:MM' in
 * the user's own IANA time zone, or off.
 */
import * as yup from 'yup'

export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/
export const REMINDER_TIME_MESSAGE = 'Enter the time as HH:MM, from 00:00 to 23:59.'
export const REMINDER_TIME_ZONE_MESSAGE = 'Choose a time zone from the list, such as Africa/Lagos.'

/** '07:30' → 450 minutes after midnight. */
export const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
/** 450 → '07:30'. */
export const timeOfDay = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/** A zone Intl knows (the app formats with it); the server also asks the database, which computes with it. */
export function isIntlTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/**
 * The reminder as the server takes it and the profile's form checks it: `time` null turns it off, and then
 * the zone may be left out. strict(): a time sent as a number is a client bug.
 */
export const reminderSchema = yup.object({
  time: yup
    .string()
    .strict()
    .typeError(REMINDER_TIME_MESSAGE)
    .nullable()
    .defined(REMINDER_TIME_MESSAGE)
    .matches(REMINDER_TIME_PATTERN, REMINDER_TIME_MESSAGE),
  timeZone: yup
    .string()
    .strict()
    .typeError(REMINDER_TIME_ZONE_MESSAGE)
    .max(64, REMINDER_TIME_ZONE_MESSAGE)
    .when('time', {
      is: (time: unknown) => time !== null,
      then: (schema) => schema.required(REMINDER_TIME_ZONE_MESSAGE),
    })
    .test('intl-zone', REMINDER_TIME_ZONE_MESSAGE, (value) => value === undefined || isIntlTimeZone(value)),
})

/**
 * The daily proverb reminder's rules, shared by the profile's form and the server: a 24-hour 'HH:MM' in
 * the user's own IANA time zone, or off.
 */

export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/
export const REMINDER_TIME_MESSAGE = 'Enter the time as HH:MM, from 00:00 to 23:59.'
export const REMINDER_TIME_ZONE_MESSAGE = 'Choose a time zone from the list, such as Africa/Lagos.'

/** '07:30' → 450 minutes after midnight. */
export const minuteOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
/** 450 → '07:30'. */
export const timeOfDay = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

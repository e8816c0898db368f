import type { DailyReminder } from '@/core/notifications/contract'
import { ValidationError } from 'yup'
import { REMINDER_TIME_MESSAGE, reminderSchema } from '@/core/notifications/reminder'

/** The daily proverb reminder's rules: a 24-hour 'HH:MM' in the user's own time zone, or off. */

export const DEFAULT_REMINDER_TIME = '07:00'
export { REMINDER_TIME_MESSAGE }

/** A time input may add seconds (a step under a minute); the reminder keeps hours and minutes. */
const minutesOnly = (time: string) => time.trim().slice(0, 5)

/** The form's check is the server's own schema, so both say the same thing. */
export function reminderTimeError(on: boolean, time: string): string | null {
  if (!on) return null
  try {
    reminderSchema.validateSyncAt('time', { time: minutesOnly(time) })
    return null
  } catch (error) {
    if (error instanceof ValidationError) return error.message
    throw error
  }
}

/** The IANA zone the browser runs in (Africa/Lagos); UTC when the browser does not say. */
export function detectedTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export function reminderInput(on: boolean, time: string, timeZone: string): DailyReminder {
  return { time: on ? minutesOnly(time) : null, timeZone }
}

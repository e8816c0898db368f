import { useQuery } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import type { DailyReminder } from '@/core/notifications/contract'
import { errorMessage, ErrorState, Loading } from '@/components/query-state'
import { ApiError } from '@/lib/api-client'
import { useInstallGuide } from '../install-guide'
import { useSaveReminder } from '../mutations'
import { reminderQuery } from '../queries'
import { DEFAULT_REMINDER_TIME, detectedTimeZone, reminderInput, reminderTimeError } from '../reminder'

const savedText = (reminder: DailyReminder) =>
  reminder.time ? `Saved. Your daily proverb comes at ${reminder.time} (${reminder.timeZone}).` : 'Saved. Daily proverb reminders are off.'

/** The daily proverb reminder: on or off and a time of day, in the time zone this browser is in. */
export function ReminderForm({ userId }: { userId: number }) {
  const reminder = useQuery(reminderQuery(userId))
  if (reminder.isPending) return <Loading label="Loading your reminder" lines={2} />
  if (reminder.isError)
    return <ErrorState title="Could not load your reminder" error={reminder.error} onRetry={() => void reminder.refetch()} />
  return <ReminderFields userId={userId} saved={reminder.data} />
}

function ReminderFields({ userId, saved }: { userId: number; saved: DailyReminder }) {
  const timeZone = detectedTimeZone()
  const [on, setOn] = useState(saved.time !== null)
  const [time, setTime] = useState(saved.time ?? DEFAULT_REMINDER_TIME)
  const [invalid, setInvalid] = useState<string | null>(null)
  const timeInput = useRef<HTMLInputElement>(null)
  const ids = { title: useId(), time: useId(), zone: useId(), error: useId() }
  const save = useSaveReminder(userId)
  const serverFieldError = save.error instanceof ApiError ? save.error.fields?.time : undefined
  const timeError = invalid ?? serverFieldError ?? null
  const installGuide = useInstallGuide()

  return (
    <>
      {installGuide.guide}
      <form
        className="form"
        aria-labelledby={ids.title}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const problem = reminderTimeError(on, time)
          setInvalid(problem)
          if (problem) {
            timeInput.current?.focus()
            return
          }
          save.mutate(reminderInput(on, time, timeZone))
        }}
      >
        <h3 id={ids.title}>Daily proverb</h3>
        <label className="choice">
          <input
            type="checkbox"
            checked={on}
            onChange={(event) => {
              setOn(event.target.checked)
              setInvalid(null)
              // Safari on an iPhone or iPad: the reminder's push needs the Home Screen app.
              if (event.target.checked) installGuide.offer()
            }}
          />
          <span className="choice__title">Send me a proverb every day</span>
          <span className="choice__detail">
            It arrives in your notifications here, and as a push on devices where notifications are on.
          </span>
        </label>
        <div className="field">
          <label htmlFor={ids.time}>Time</label>
          <p id={ids.zone} className="field__hint">
            Times are in {timeZone}.
            {saved.time &&
              saved.timeZone !== timeZone &&
              ` Your reminder was set in ${saved.timeZone}; saving here moves it to ${timeZone}.`}
          </p>
          <input
            id={ids.time}
            ref={timeInput}
            type="time"
            value={time}
            disabled={!on}
            required={on}
            aria-invalid={timeError ? true : undefined}
            aria-describedby={timeError ? `${ids.zone} ${ids.error}` : ids.zone}
            onChange={(event) => {
              setTime(event.target.value)
              if (invalid) setInvalid(reminderTimeError(on, event.target.value))
            }}
          />
          {timeError && (
            <p id={ids.error} className="field__error">
              {timeError}
            </p>
          )}
        </div>
        <div aria-live="polite">
          {save.isSuccess && <p className="notice notice--success">{savedText(save.data)}</p>}
          {save.isError && !serverFieldError && (
            <p className="notice notice--error" role="alert">
              {errorMessage(save.error)}
            </p>
          )}
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save reminder'}
          </button>
        </div>
      </form>
    </>
  )
}

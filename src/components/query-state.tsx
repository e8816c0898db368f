import './query-state.css'
import type { ReactNode } from 'react'
import { ApiError } from '@/lib/api-client'

/** Loading: a labelled placeholder that screen readers announce once. */
export function Loading({ label = 'Loading…', lines = 3 }: { label?: string; lines?: number }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  )
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return 'Something went wrong. Please try again.'
}

/** An error the user can act on: what happened and a retry button. */
export function ErrorState({ error, onRetry, title = 'Could not load this' }: { error: unknown; onRetry?: () => void; title?: string }) {
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{title}</p>
      <p>{errorMessage(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  )
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="notice" role="status">
      <p className="notice__title">{title}</p>
      {children}
    </div>
  )
}

/** What a save or send came to, announced politely: its success text, or the error's message. */
export function MutationOutcome({
  mutation,
  success,
}: {
  mutation: { isSuccess: boolean; isError: boolean; error: unknown }
  success: ReactNode
}) {
  return (
    <div aria-live="polite">
      {mutation.isSuccess && <p className="notice notice--success">{success}</p>}
      {mutation.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(mutation.error)}
        </p>
      )}
    </div>
  )
}

type Choice = { id: number; title: ReactNode; detail: ReactNode }

/**
 * Checkboxes of which at most `max` may be ticked: the others are disabled once the limit is reached,
 * and the count is announced ("2 of 4 chosen").
 */
export function LimitedChoices({
  legend,
  choices,
  chosen,
  max,
  onChange,
  summary,
  children,
}: {
  legend: string
  choices: Choice[]
  chosen: number[]
  max: number
  onChange: (chosen: number[]) => void
  /** After "n of max chosen". */
  summary?: ReactNode
  /** Shown last, inside the group (a field message, say). */
  children?: ReactNode
}) {
  return (
    <fieldset className="choice-list choice-list--grid" aria-describedby="choices-count">
      <legend>{legend}</legend>
      <p id="choices-count" className="field__hint" aria-live="polite">
        {chosen.length} of {max} chosen{summary}
      </p>
      {choices.map((choice) => {
        const checked = chosen.includes(choice.id)
        return (
          <label key={choice.id} className="choice">
            <input
              type="checkbox"
              checked={checked}
              disabled={!checked && chosen.length >= max}
              onChange={() => onChange(checked ? chosen.filter((id) => id !== choice.id) : [...chosen, choice.id])}
            />
            <span className="choice__title">{choice.title}</span>
            <span className="choice__detail">{choice.detail}</span>
          </label>
        )
      })}
      {children}
    </fieldset>
  )
}

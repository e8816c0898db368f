import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

/**
 * A destructive action asks first, in place: the question takes focus, "Keep it" puts focus back on the
 * button. `onConfirm` runs only after the second press.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  busy,
  className = 'button button--small',
}: {
  /** The button, e.g. "Delete" (its accessible name says what: pass "Delete “Wisdom”" through `label`). */
  label: ReactNode
  question: ReactNode
  confirmLabel: string
  onConfirm: () => void
  busy?: boolean
  className?: string
}) {
  const [asking, setAsking] = useState(false)
  const id = useId()
  const questionRef = useRef<HTMLParagraphElement>(null)
  const opener = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)
  useEffect(() => {
    if (asking) questionRef.current?.focus()
    else if (wasAsking.current) opener.current?.focus()
    wasAsking.current = asking
  }, [asking])

  if (!asking) {
    return (
      <button type="button" className={className} ref={opener} onClick={() => setAsking(true)} disabled={busy}>
        {label}
      </button>
    )
  }
  return (
    <div className="confirm admin-confirm" role="group" aria-labelledby={id}>
      <p id={id} ref={questionRef} tabIndex={-1}>
        {question}
      </p>
      <div className="form__actions">
        <button
          type="button"
          className="button button--danger button--small"
          disabled={busy}
          onClick={() => {
            setAsking(false)
            onConfirm()
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" className="button button--small" onClick={() => setAsking(false)}>
          Keep it
        </button>
      </div>
    </div>
  )
}

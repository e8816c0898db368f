import { useId } from 'react'

type Props = {
  className: string
  label: string
  checked: boolean
  /** A change is being saved: the switch shows the wanted state and waits. */
  busy: boolean
  disabled: boolean
  /** The line under the switch: what it does, what is happening, or what went wrong. */
  message: string
  error: boolean
  onChange: (checked: boolean) => void
}

/** An on/off setting saved as soon as it is flipped, with its state and any failure announced beneath it. */
export function SwitchField({ className, label, checked, busy, disabled, message, error, onChange }: Props) {
  const hintId = useId()
  return (
    <div className={className}>
      <label className="choice">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          aria-describedby={hintId}
          aria-busy={busy}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span className="choice__title">{label}</span>
      </label>
      <p id={hintId} className={error ? 'field__error' : 'field__hint'} aria-live="polite">
        {message}
      </p>
    </div>
  )
}

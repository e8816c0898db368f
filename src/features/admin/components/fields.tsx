import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { FieldError, useField, useFormikContext } from '@/components/form'

/** The console's fields besides TextField, on the same adapter: a label, an optional hint, the message tied to the control. */
function useDescribed(name: string, hint?: ReactNode) {
  const [, meta] = useField(name)
  const { submitCount } = useFormikContext()
  const id = useId()
  const invalid = Boolean(meta.error) && (meta.touched || submitCount > 0)
  const describedBy = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return { id, invalid, describedBy }
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p className="field__hint" id={`${id}-hint`}>
      {hint}
    </p>
  ) : null
}

export function TextAreaField({ name, label, hint, ...rest }: { name: string; label: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const [field] = useField<string>(name)
  const { id, invalid, describedBy } = useDescribed(name, hint)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={id} hint={hint} />
      <textarea id={id} rows={3} {...field} value={field.value ?? ''} {...rest} aria-invalid={invalid || undefined} aria-describedby={describedBy} />
      <FieldError name={name} id={`${id}-error`} />
    </div>
  )
}

export type Option = { value: string | number; label: string }

export function SelectField({ name, label, hint, options, placeholder, ...rest }: {
  name: string
  label: string
  hint?: ReactNode
  options: Option[]
  /** The first, empty choice ("Choose a group", "Everyone"). */
  placeholder?: string
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const [field] = useField<string | number | null>(name)
  const { id, invalid, describedBy } = useDescribed(name, hint)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={id} hint={hint} />
      <select id={id} {...field} value={field.value ?? ''} {...rest} aria-invalid={invalid || undefined} aria-describedby={describedBy}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError name={name} id={`${id}-error`} />
    </div>
  )
}

/** Several of a list (categories): checkboxes in a labelled group, the value a list of ids. */
export function CheckboxesField({ name, legend, options }: { name: string; legend: string; options: { value: number; label: string }[] }) {
  const [field, , helpers] = useField<number[]>(name)
  const chosen = field.value ?? []
  return (
    <fieldset className="choice-list admin-checkboxes">
      <legend>{legend}</legend>
      {options.length === 0 && <p className="field__hint">None yet.</p>}
      {options.map((option) => {
        const checked = chosen.includes(option.value)
        return (
          <label key={option.value} className="admin-checkbox">
            <input
              type="checkbox"
              checked={checked}
              onChange={() => void helpers.setValue(checked ? chosen.filter((v) => v !== option.value) : [...chosen, option.value])}
            />
            {option.label}
          </label>
        )
      })}
      <FieldError name={name} />
    </fieldset>
  )
}

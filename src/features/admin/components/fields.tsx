import { FieldError, useField } from '@/components/form'

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

import { useEffect, useRef } from 'react'
import { rejectSuggestionSchema } from '@/core/admin/validation'
import { Form, TextAreaField } from '@/components/form'

/**
 * A refusal's reason, asked before anything is refused (a suggestion rejected, a correction declined). Opened
 * by a button, it takes the focus, since the reason is what comes next, and offers Cancel.
 */
export function ReasonForm({
  label,
  submitLabel,
  busyLabel,
  fieldLabel,
  hint,
  onSubmit,
  onCancel,
}: {
  label: string
  submitLabel: string
  busyLabel: string
  fieldLabel: string
  hint: string
  onSubmit: (reason: string) => Promise<void>
  onCancel?: () => void
}) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (onCancel) box.current?.querySelector('textarea')?.focus()
  }, [onCancel])
  return (
    <div ref={box} className="admin-reject">
      <Form
        schema={rejectSuggestionSchema}
        initialValues={{ reason: '' }}
        label={label}
        submitLabel={submitLabel}
        busyLabel={busyLabel}
        onSubmit={(values) => onSubmit(rejectSuggestionSchema.cast(values).reason)}
        footer={
          onCancel && (
            <button type="button" className="button" onClick={onCancel}>
              Cancel
            </button>
          )
        }
      >
        <TextAreaField name="reason" label={fieldLabel} hint={hint} />
      </Form>
    </div>
  )
}

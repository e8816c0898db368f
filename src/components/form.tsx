import { Formik, Form as FormikForm, useField, useFormikContext, type FormikErrors, type FormikHelpers, type FormikValues } from 'formik'
import {
  useEffect,
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type RefObject,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import type { AnyObjectSchema } from 'yup'
import { ApiError } from '@/lib/api-client'
import { clearDraft, readDraft, writeDraft } from '@/lib/drafts'
import { useOnline } from '@/lib/online'
import { useHydrated } from '@/lib/server-render'

/**
 * The form adapter: the one place that imports Formik. Forms validate with the shared yup schema from
 * src/core (the spec's messages), show each field's message under it, take the server's field
 * messages the same way, and can keep a draft of what was typed (never passwords) in session storage,
 * so a session that ends mid-edit loses nothing once the user signs in again.
 */

/**
 * While offline, says what sending does: a form that needs the server says so instead of failing silently; one kept
 * on the device to send later says that. Here with the forms, not in ./connection-status (the first page's bar), so
 * the first page's script does not carry it.
 */
function OfflineWord({ keptOffline }: { keptOffline: boolean }) {
  const online = useOnline()
  if (online) return null
  return (
    <p className="needs-network" role="status">
      {keptOffline
        ? "You're offline. Send it anyway: it is kept on this device and sent when you're back online."
        : "You're offline. Sending this form needs a connection; what you typed stays here until you're back."}
    </p>
  )
}

/**
 * Brings back a draft as unsaved changes (the form is dirty and says so, never passing the draft off as
 * saved data), keeps it while the form differs from what was loaded, and drops it once it does not.
 */
function DraftKeeper({ draftKey, onRestored }: { draftKey: string; onRestored: (restored: boolean) => void }) {
  const { values, dirty, initialValues, setValues } = useFormikContext<FormikValues>()
  const restoredOnce = useRef(false)
  useEffect(() => {
    if (restoredOnce.current) return
    restoredOnce.current = true
    const draft = readDraft(draftKey, initialValues)
    if (JSON.stringify(draft) !== JSON.stringify(initialValues)) {
      void setValues(draft, true)
      onRestored(true)
    }
  }, [draftKey, initialValues, setValues, onRestored])
  useEffect(() => {
    if (dirty) writeDraft(draftKey, values)
    else clearDraft(draftKey)
  }, [values, dirty, draftKey])
  return null
}

export type SubmitResult = void | { notice?: string }

type FormProps<V extends FormikValues> = {
  schema: AnyObjectSchema
  initialValues: V
  /** Throw an ApiError to show its message (and field messages) on the form. */
  onSubmit: (values: V, helpers: FormikHelpers<V>) => Promise<SubmitResult>
  submitLabel: string
  busyLabel?: string
  draftKey?: string
  /** Reset to these values after a successful submit (e.g. clear the password fields). */
  resetOnSuccess?: boolean
  /**
   * Start again from `initialValues` whenever they change (compared by value), dropping what was typed: for a
   * form whose starting values come from the address.
   */
  reinitialize?: boolean
  children: ReactNode
  footer?: ReactNode
  /** Accessible name of the form. */
  label: string
  /** Replaces the submit row (a wizard renders Back / Next itself). */
  actions?: (state: { isSubmitting: boolean }) => ReactNode
  /**
   * After a send, bring its outcome into view and focus it: the confirmation, or the first field the send
   * was refused for (else the refusal's message). For forms whose confirmation is out of sight on a phone.
   */
  focusOutcome?: boolean
  /** Sending works offline too (the form is kept on the device and sent later): the button stays on, and says so. */
  keptOffline?: boolean
}

/** Server answers on the form: field messages under their fields, the message at the top. */
export function applyServerError<V extends FormikValues>(error: unknown, helpers: FormikHelpers<V>, values: V): string {
  if (error instanceof ApiError) {
    const fields = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([name]) => name in values))
    if (Object.keys(fields).length) helpers.setErrors(fields as FormikErrors<V>)
    return error.message
  }
  return 'Something went wrong. Please try again.'
}

/** Moves focus to `element` and scrolls it to the middle of the screen (clear of bars at the edges). */
function focusInView(element: HTMLElement | null | undefined): void {
  if (!element) return
  element.focus({ preventScroll: true })
  element.scrollIntoView?.({ block: 'center' })
}

const firstInvalidField = (form: HTMLFormElement | null) => form?.querySelector<HTMLElement>('[aria-invalid="true"]')

/** A send the form's own checks refused: the first field with a message takes focus. */
function FocusFirstError({ form }: { form: RefObject<HTMLFormElement | null> }) {
  const { submitCount, isSubmitting, errors } = useFormikContext()
  const handled = useRef(submitCount)
  useEffect(() => {
    if (submitCount < handled.current) handled.current = submitCount
    if (isSubmitting || submitCount === handled.current) return
    handled.current = submitCount
    if (Object.keys(errors).length > 0) focusInView(firstInvalidField(form.current))
  }, [submitCount, isSubmitting, errors, form])
  return null
}

export function Form<V extends FormikValues>(props: FormProps<V>) {
  const {
    schema,
    initialValues,
    onSubmit,
    submitLabel,
    busyLabel,
    draftKey,
    resetOnSuccess,
    reinitialize,
    children,
    footer,
    label,
    actions,
    focusOutcome,
    keptOffline = false,
  } = props
  const [status, setStatus] = useState<{ kind: 'error' | 'success'; text: string } | null>(null)
  const [restored, setRestored] = useState(false)
  const online = useOnline()
  const hydrated = useHydrated()
  const formRef = useRef<HTMLFormElement>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (!focusOutcome || !status) return
    focusInView((status.kind === 'error' && firstInvalidField(formRef.current)) || noticeRef.current)
  }, [status, focusOutcome])
  return (
    <Formik<V>
      initialValues={initialValues}
      enableReinitialize={reinitialize}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        setStatus(null)
        setRestored(false)
        try {
          const result = await onSubmit(schema.cast(values, { stripUnknown: false }) as V, helpers)
          // Saved: what is on screen is now the saved state (or blank again), so no draft is kept.
          helpers.resetForm(resetOnSuccess ? undefined : { values })
          if (draftKey) clearDraft(draftKey)
          if (result?.notice) setStatus({ kind: 'success', text: result.notice })
        } catch (error) {
          setStatus({ kind: 'error', text: applyServerError(error, helpers, values) })
        }
      }}
    >
      {({ isSubmitting, resetForm }) => (
        <FormikForm ref={formRef} noValidate aria-label={label} className="form" aria-busy={isSubmitting || !hydrated}>
          {/* A form the server rendered takes input once the app has taken it over: typed earlier, it would be
              lost, and a press of its button would send the page nowhere (docs/decisions/017-server-rendered-pages.md). */}
          <fieldset className="form__fields" disabled={!hydrated}>
            {draftKey && <DraftKeeper draftKey={draftKey} onRestored={setRestored} />}
            {focusOutcome && <FocusFirstError form={formRef} />}
            {restored && (
              <div className="notice" role="status">
                <p>Your unsaved changes are back, as you left them. Save them, or</p>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    resetForm()
                    setRestored(false)
                  }}
                >
                  Discard them
                </button>
              </div>
            )}
            {status && (
              <p
                ref={noticeRef}
                tabIndex={focusOutcome ? -1 : undefined}
                className={`notice ${status.kind === 'error' ? 'notice--error' : 'notice--success'}`}
                role={status.kind === 'error' ? 'alert' : 'status'}
              >
                {status.text}
              </p>
            )}
            {children}
            <OfflineWord keptOffline={keptOffline} />
            {actions ? (
              actions({ isSubmitting })
            ) : (
              <div className="form__actions">
                <button type="submit" className="button button--primary" disabled={isSubmitting || (!online && !keptOffline)}>
                  {isSubmitting ? (busyLabel ?? 'Saving…') : submitLabel}
                </button>
                {footer}
              </div>
            )}
          </fieldset>
        </FormikForm>
      )}
    </Formik>
  )
}

type FieldProps = {
  name: string
  label: string
  hint?: ReactNode
  /** A message from a live check (e.g. "already in use"), shown when the field has no error of its own. */
  extra?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>

/** A labelled input whose message is announced and tied to it (aria-describedby, aria-invalid). */
export function TextField({ name, label, hint, extra, ...input }: FieldProps) {
  const { field, id, aria, error } = useLabelledField(name, Boolean(hint), Boolean(extra))
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} extra={extra}>
      <input id={id} {...field} {...input} aria-invalid={aria['aria-invalid']} aria-describedby={aria['aria-describedby']} />
    </FieldFrame>
  )
}

/** The label, hint and message around any control, wired the way TextField wires its input (`extra` shows while there is no message). */
function useLabelledField(name: string, hasHint: boolean, hasExtra = false) {
  const [field, meta, helpers] = useField<string>(name)
  const { submitCount } = useFormikContext()
  const id = useId()
  const showError = Boolean(meta.error) && (meta.touched || submitCount > 0)
  const describedBy = [hasHint ? `${id}-hint` : null, showError ? `${id}-error` : hasExtra ? `${id}-extra` : null].filter(Boolean).join(' ')
  const aria = { id, 'aria-invalid': showError || undefined, 'aria-describedby': describedBy || undefined }
  return { field: { ...field, value: field.value ?? '' }, helpers, id, aria, error: showError ? meta.error : undefined }
}

function FieldFrame({
  id,
  label,
  hint,
  error,
  extra,
  children,
}: {
  id: string
  label: string
  hint?: ReactNode
  error?: string
  extra?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        extra && (
          <div className="field__extra" id={`${id}-extra`} aria-live="polite">
            {extra}
          </div>
        )
      )}
    </div>
  )
}

type TextAreaProps = { name: string; label: string; hint?: ReactNode } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'>

/** A labelled multi-line text field. */
export function TextAreaField({ name, label, hint, ...textarea }: TextAreaProps) {
  const { field, id, aria, error } = useLabelledField(name, Boolean(hint))
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea {...field} rows={3} {...textarea} {...aria} />
    </FieldFrame>
  )
}

type SelectProps = {
  name: string
  label: string
  hint?: ReactNode
  options: { value: string | number; label: string }[]
  /** The first, empty choice ("Choose…"); none when one of the options must be chosen. */
  placeholder?: string
  /** Called with the chosen value after the field changes (e.g. to fill in a related field). */
  onChosen?: (value: string) => void
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'>

/** A labelled choice from a list. */
export function SelectField({ name, label, hint, options, placeholder, onChosen, ...select }: SelectProps) {
  const { field, id, aria, error } = useLabelledField(name, Boolean(hint))
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        {...field}
        {...select}
        {...aria}
        onChange={(event) => {
          field.onChange(event)
          onChosen?.(event.target.value)
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  )
}

/** The field's message for groups (radio lists, checkboxes) that render their own inputs. */
export function FieldError({ name, id }: { name: string; id?: string }) {
  const [, meta] = useField(name)
  const { submitCount } = useFormikContext()
  if (!meta.error || !(meta.touched || submitCount > 0)) return null
  return (
    <p className="field__error" id={id} role="alert">
      {String(meta.error)}
    </p>
  )
}

export { clearDraft, useField, useFormikContext }

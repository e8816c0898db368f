import { useState, type ReactNode, type Ref } from 'react'
import type { AnyObjectSchema } from 'yup'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { Form } from '@/components/form'
import { useAdminMutation } from '../mutations'
import { ConfirmButton } from './confirm-button'
import type { Column } from './paged'
import { Editor } from './editor'
import { useStatus } from './status'

/** A resource the console adds to, changes and removes (the quiz bank's "remove" retires). */
export type RowApi<Row, Input> = {
  create: (input: Input) => Promise<Row>
  update: (id: number, input: Input) => Promise<Row>
  remove: (id: number) => Promise<unknown>
}

/**
 * The edit-in-place flow of a section's rows: "Edit" puts a row in the editor (which otherwise adds a new
 * one), saving sends the form's values as the body and says so, "Delete" asks first. `sections` are the
 * lists a change refreshes; `what` names a row in its buttons (read out, not shown); `builtIn` says
 * whether a row came with Òwe (by default, its own `builtIn`).
 */
export function useEditing<Row extends { id: number }, Values, Input>({
  sections,
  removeSections = sections,
  api,
  schema,
  toInput,
  what,
  builtIn = isBuiltIn,
}: {
  sections: string[]
  removeSections?: string[]
  api: RowApi<Row, Input>
  /** The form's schema; its cast of the form's values is the body, unless `toInput` makes it. */
  schema: AnyObjectSchema
  toInput?: (values: Values) => Input
  what: (row: Row) => string
  builtIn?: (row: Row) => boolean
}) {
  const [editing, setEditing] = useState<Row | null>(null)
  const { said, success, failure } = useStatus()
  const body = (values: Values): Input => (toInput ? toInput(values) : schema.cast(values))
  const saving = useAdminMutation(sections, ({ values, row }: { values: Values; row: Row | null }) =>
    row ? api.update(row.id, body(values)) : api.create(body(values)),
  )
  const removing = useAdminMutation(removeSections, (row: Row) => api.remove(row.id))

  /** The rows' Actions column: "Edit" (or `edit`), and "Delete" (or `remove`) after `question`, where `removable`. */
  const actions = ({
    question,
    edit = 'Edit',
    remove = 'Delete',
    done = ADMIN_TEXTS.deleted,
    removable = () => true,
  }: {
    question: (row: Row) => string
    edit?: string
    remove?: string
    /** What the status line says once it is done. */
    done?: string
    removable?: (row: Row) => boolean
  }): Column<Row> => ({
    header: 'Actions',
    className: 'admin-actions',
    cell: (row) => (
      <>
        <RowButton label={edit} what={what(row)} onClick={() => setEditing(row)} />
        {removable(row) && (
          <RemoveRowButton
            label={remove}
            what={what(row)}
            question={question(row)}
            builtIn={builtIn(row)}
            busy={removing.isPending}
            onConfirm={() => removing.mutate(row, { onSuccess: () => success(done), onError: failure })}
          />
        )}
      </>
    ),
  })

  return {
    editing,
    editingBuiltIn: editing !== null && builtIn(editing),
    schema,
    said,
    cancel: () => setEditing(null),
    /** A failure is the form's to show (with its field messages); a success the section's status line. */
    submit: async (values: Values) => {
      await saving.mutateAsync({ values, row: editing })
      setEditing(null)
      success(ADMIN_TEXTS.saved)
    },
    actions,
  }
}

const isBuiltIn = (row: object) => 'builtIn' in row && row.builtIn === true

type Editing<Row, Values> = {
  editing: Row | null
  editingBuiltIn: boolean
  schema: AnyObjectSchema
  cancel: () => void
  submit: (values: Values) => Promise<void>
}

/**
 * The section's editor: adds a row, or changes the one chosen with "Edit" (with Cancel to go back to
 * adding). Editing a built-in row says what that does.
 */
export function EditorForm<Row extends { id: number }, Values extends Record<string, unknown>>({
  editor,
  initialValues,
  title,
  label,
  submitLabel,
  reinitialize,
  focus = false,
  children,
}: {
  editor: Editing<Row, Values>
  initialValues: Values
  title: string
  /** The form's accessible name, when it is not the title. */
  label?: string
  submitLabel: string
  /** The form starts again from `initialValues` when they change (the new row's values come from the address). */
  reinitialize?: boolean
  /** Brings the admin to the form's first field, as "Edit" does (a link that asks to add something). */
  focus?: boolean
  children: ReactNode
}) {
  const { editing, editingBuiltIn, schema, cancel, submit } = editor
  return (
    <Editor editing={editing} focus={focus} title={title} note={editingBuiltIn ? ADMIN_TEXTS.builtInNote : undefined}>
      <Form<Values>
        key={editing?.id ?? 'new'}
        schema={schema}
        initialValues={initialValues}
        reinitialize={reinitialize}
        label={label ?? title}
        submitLabel={submitLabel}
        resetOnSuccess
        onSubmit={submit}
        footer={
          editing && (
            <button type="button" className="button" onClick={cancel}>
              Cancel
            </button>
          )
        }
      >
        {children}
      </Form>
    </Editor>
  )
}

/** A row's small button, named for its row: "Edit" shows, "Edit “Wisdom”" is read out. */
export function RowButton({
  label,
  what,
  separator = ' ',
  onClick,
  disabled,
  ref,
}: {
  label: string
  what: string
  separator?: string
  onClick: () => void
  disabled?: boolean
  ref?: Ref<HTMLButtonElement>
}) {
  return (
    // Named outright: browsers join a visually hidden part to the visible text with spaces of their own choosing.
    <button
      type="button"
      className="button button--small"
      onClick={onClick}
      disabled={disabled}
      ref={ref}
      aria-label={`${label}${separator}${what}`}
    >
      {label}
    </button>
  )
}

/** Delete (or retire) a row, after a question; for a built-in row the question says it becomes the admins' own. */
export function RemoveRowButton({
  label = 'Delete',
  what,
  question,
  builtIn,
  busy,
  onConfirm,
}: {
  label?: string
  what: string
  question: string
  builtIn?: boolean
  busy: boolean
  onConfirm: () => void
}) {
  return (
    <ConfirmButton
      label={
        <>
          {label} <span className="visually-hidden">{what}</span>
        </>
      }
      question={builtIn ? `${question} ${ADMIN_TEXTS.builtInNote}` : question}
      confirmLabel={label}
      busy={busy}
      onConfirm={onConfirm}
    />
  )
}

/** Marks a row that came with Òwe; what changing it means is in the title and read out after the badge. */
export function BuiltInBadge() {
  return (
    // Short, as it is read with the row's name in every cell; the editor and the delete question explain it.
    <span className="badge badge--muted" title={ADMIN_TEXTS.builtInNote}>
      {ADMIN_TEXTS.builtIn}
    </span>
  )
}

/** A row's name with, for a built-in row, its badge. */
export function NamedRow({ name, builtIn }: { name: ReactNode; builtIn: boolean }) {
  return (
    <>
      {name}
      {builtIn && (
        <>
          {' '}
          <BuiltInBadge />
        </>
      )}
    </>
  )
}

import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * Where a section's add-or-edit form sits: choosing "Edit" on a row brings the admin to its first field, and
 * so does `focus` (a link that asks to add something). The form is a group named by the title and described
 * by the note, so a screen reader entering it on that focus reads the note too.
 */
export function Editor({
  editing,
  focus = false,
  title,
  note,
  children,
}: {
  editing: unknown
  focus?: boolean
  title: string
  note?: ReactNode
  children: ReactNode
}) {
  const box = useRef<HTMLDivElement>(null)
  const id = useId()
  useEffect(() => {
    if (editing || focus) box.current?.querySelector<HTMLElement>('input, textarea, select')?.focus()
  }, [editing, focus])
  return (
    <div ref={box} className="admin-editor" role="group" aria-labelledby={`${id}-title`} aria-describedby={note ? `${id}-note` : undefined}>
      <h3 id={`${id}-title`}>{title}</h3>
      {note && (
        <p id={`${id}-note`} className="field__hint">
          {note}
        </p>
      )}
      {children}
    </div>
  )
}

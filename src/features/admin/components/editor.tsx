import { useEffect, useRef, type ReactNode } from 'react'

/** Where a section's add-or-edit form sits: choosing "Edit" on a row brings the operator to its first field. */
export function Editor({ editing, title, note, children }: { editing: unknown; title: string; note?: ReactNode; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (editing) box.current?.querySelector<HTMLElement>('input, textarea, select')?.focus()
  }, [editing])
  return (
    <div ref={box} className="admin-editor">
      <h3>{title}</h3>
      {note && <p className="field__hint">{note}</p>}
      {children}
    </div>
  )
}

import { useEffect, useId, useRef, type ReactNode } from 'react'

/**
 * A question that must be answered before an action goes on, in a native modal dialog: focus stays
 * inside it, Escape is "Cancel", and the safe answer has the focus when it opens. The caller puts focus
 * back where it belongs (`onCancel`), as the element that opened it may have been disabled meanwhile.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  title: string
  children: ReactNode
  confirmLabel: string
  cancelLabel: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const bodyId = useId()
  // Closing runs `onClose` once, whichever way it closed; the answer it carries is the dialog's returnValue.
  const answer = useRef<'confirm' | 'cancel'>('cancel')

  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) {
      element.showModal()
      cancel.current?.focus()
    }
  }, [])

  const close = (choice: 'confirm' | 'cancel') => {
    answer.current = choice
    dialog.current?.close()
  }

  return (
    <dialog
      ref={dialog}
      className="modal admin-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={() => (answer.current === 'confirm' ? onConfirm() : onCancel())}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={() => close('confirm')}>
          {confirmLabel}
        </button>
        <button type="button" className="button" ref={cancel} onClick={() => close('cancel')}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  )
}

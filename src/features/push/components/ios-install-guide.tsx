import '../install-guide.css'
import { useEffect, useRef } from 'react'
import { INSTALL_GUIDE_TEXTS as TEXTS } from '@/core/notifications/texts'

/** Safari's Share glyph: a box with an arrow leaving its top. */
function ShareIcon() {
  return (
    <svg className="install-guide__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path d="M12 14.5V3.5M8 7.25l4-4 4 4" />
      <path d="M8.5 10H6.75A1.75 1.75 0 0 0 5 11.75v7.5A1.75 1.75 0 0 0 6.75 21h10.5A1.75 1.75 0 0 0 19 19.25v-7.5A1.75 1.75 0 0 0 17.25 10H15.5" />
    </svg>
  )
}

/** Safari's Add to Home Screen glyph: a rounded square with a plus. */
function AddIcon() {
  return (
    <svg className="install-guide__icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="3.75" y="3.75" width="16.5" height="16.5" rx="4" />
      <path d="M12 8.25v7.5M8.25 12h7.5" />
    </svg>
  )
}

/**
 * How to install Òwe on an iPhone or iPad, where Safari has no install prompt and push reaches only a Home Screen app.
 * Loaded when a reader there turns on notifications or the reminder, once (src/features/push/install-guide.tsx).
 */
export default function IosInstallGuide({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  return (
    <dialog ref={dialog} className="modal install-guide" aria-labelledby="install-guide-title" onClose={onClose}>
      <h2 id="install-guide-title">{TEXTS.title}</h2>
      <p>{TEXTS.why}</p>
      <ol className="install-guide__steps">
        <li>
          <ShareIcon />
          <span>{TEXTS.share}</span>
        </li>
        <li>
          <AddIcon />
          <span>{TEXTS.add}</span>
        </li>
        <li>
          <img className="install-guide__app" src="/icons/icon-192.png" alt="" width="28" height="28" />
          <span>{TEXTS.open}</span>
        </li>
      </ol>
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={() => dialog.current?.close()} autoFocus>
          {TEXTS.close}
        </button>
      </div>
    </dialog>
  )
}

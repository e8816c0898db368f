import './failed-list.css'
import { errorMessage } from './query-state'

type Props = {
  /** What it was, as the reader would call it. */
  what: string
  /** The server's message. */
  error: string
  /** The two ways out: send it again, or let it go. */
  actions: [string, string]
  onAgain: () => void
  onGo: () => void
  busy: boolean
  /** Why the last action failed, if it did. */
  failure?: unknown
}

/**
 * One thing the server refused of the reader's, in a "Could not send" list (`<ul className="failed-list">`): what it
 * was, the server's message, and the two ways out. Each button is named with what it acts on, for a screen reader
 * moving from button to button.
 */
export function FailedItem({ what, error, actions: [again, go], onAgain, onGo, busy, failure }: Props) {
  return (
    <li className="failed-item">
      <p className="failed-item__what">{what}</p>
      <p className="failed-item__error">{error}</p>
      <div className="failed-item__actions">
        <button type="button" className="button button--small" disabled={busy} onClick={onAgain}>
          {again}
          <span className="visually-hidden">: {what}</span>
        </button>
        <button type="button" className="button button--small" disabled={busy} onClick={onGo}>
          {go}
          <span className="visually-hidden">: {what}</span>
        </button>
      </div>
      {failure !== undefined && failure !== null && (
        <p className="field__error" role="alert">
          {errorMessage(failure)}
        </p>
      )}
    </li>
  )
}

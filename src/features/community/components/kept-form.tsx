import '../kept-form.css'
import { useEffect, useRef, useState } from 'react'
import { COMMUNITY_TEXTS } from '@/core/community/texts'
import { DELIVERY_TEXTS } from '@/core/shared/delivery'
import { errorMessage } from '@/components/query-state'
import { useQueueRead } from '@/lib/queue-read'
import { useSession } from '@/lib/session'
import { discardKeptForm, readKeptForm, retryKeptForm } from '../kept-forms'
import { communityKeys } from '../queries'

type Props = {
  /** The form's key in the device's queue. */
  formKey: string
  /** What the server says once it has the form. */
  sentText: string
  /** The reader lets a refused form go. */
  onGone: () => void
}

/**
 * Where a form kept on this device is (docs/decisions/020-one-delivery-engine.md): saved — will send when online,
 * then sent (with the server's thanks), or refused with its message, to send again or let go. Read from the
 * device whenever the forms' queue changes, whoever sent it (this page, another tab, the worker). Takes focus when
 * it appears, as the form's outcome.
 */
export function KeptForm({ formKey, sentText, onGone }: Props) {
  const userId = useSession()?.user.id ?? 0
  const { data: kept } = useQueueRead(['forms'], userId, communityKeys.kept(formKey), () => readKeptForm(formKey))
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.focus(), [])
  const act = (work: () => Promise<void>) => {
    setBusy(true)
    setFailure(undefined)
    work()
      .catch((error: unknown) => setFailure(errorMessage(error)))
      .finally(() => setBusy(false))
  }
  const state = kept?.state ?? 'waiting'
  return (
    <div ref={box} tabIndex={-1} className={`notice kept-form ${state === 'failed' ? 'notice--error' : 'notice--success'}`}>
      <p role="status">
        {state === 'waiting' && (
          <>
            <strong>{DELIVERY_TEXTS.saved}.</strong> {COMMUNITY_TEXTS.keptOffline}
          </>
        )}
        {state === 'sent' && (
          <>
            <strong>{DELIVERY_TEXTS.sent}.</strong> {sentText}
          </>
        )}
        {kept?.state === 'failed' && DELIVERY_TEXTS.failed(kept.error)}
      </p>
      {kept?.state === 'failed' && (
        <div className="form__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => act(() => retryKeptForm(userId, formKey))}
          >
            {COMMUNITY_TEXTS.sendAgain}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              act(async () => {
                await discardKeptForm(userId, formKey)
                onGone()
              })
            }
          >
            {COMMUNITY_TEXTS.letGo}
          </button>
        </div>
      )}
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
    </div>
  )
}

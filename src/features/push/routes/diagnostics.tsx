import { useQuery } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { formatBytes } from '@/core/shared/format'
import { errorMessage, ErrorState, Loading } from '@/components/query-state'
import { ApiError } from '@/lib/api-client'
import { env } from '@/lib/env'
import { useOnline } from '@/lib/online'
import { pushSupported, storedPushToken } from '../messaging'
import { useSession } from '@/lib/session'
import { usePushStatus } from '../hooks'
import { useSendTestNotification } from '../mutations'
import { diagnosticsQuery } from '../queries'
import type { WorkerState } from '../diagnostics'

export const TEST_SENT = 'Test notification sent. It is in your notifications, and arrives as a push on devices where notifications are on.'
export const TEST_TOO_MANY = 'You have sent several test notifications just now. Please wait a minute and try again.'

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

const PERMISSION_TEXT: Record<NotificationPermission, string> = {
  granted: 'Allowed',
  denied: 'Blocked (change it in the browser’s site settings)',
  default: 'Not asked yet',
}

/** One line of a report: a term and what it is, read as a pair by screen readers. */
function Line({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  )
}

function Report({ title, children }: { title: string; children: ReactNode }) {
  const id = `test-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className="profile__section">
      <h2 id={id}>{title}</h2>
      <dl className="summary">{children}</dl>
    </section>
  )
}

function WorkerLines({ worker }: { worker: WorkerState }) {
  if (!worker.supported) return <Line term="Service worker">Not supported by this browser</Line>
  return (
    <>
      <Line term="Registered">{yesNo(worker.registered)}</Line>
      <Line term="Active">{worker.active ? `Yes (${worker.active})` : 'No'}</Line>
      <Line term="Controlling this page">{yesNo(worker.controlling)}</Line>
      <Line term="Scope">{worker.scope ?? 'None'}</Line>
      {worker.waiting && <Line term="Update">A new version is waiting; reload to use it</Line>}
    </>
  )
}

function PushLines() {
  usePushStatus() // re-render when permission or the stored token change
  const supported = pushSupported()
  return (
    <>
      <Line term="Configured in this build">{yesNo(env.firebase !== null)}</Line>
      <Line term="Supported by this browser">{yesNo(supported)}</Line>
      <Line term="Permission">{supported ? PERMISSION_TEXT[Notification.permission] : 'Not available'}</Line>
      <Line term="Device token stored">{yesNo(storedPushToken() !== null)}</Line>
    </>
  )
}

function TestNotification({ userId }: { userId: number }) {
  const send = useSendTestNotification(userId)
  const failure =
    send.error instanceof ApiError && send.error.status === 429 ? TEST_TOO_MANY : send.isError ? errorMessage(send.error) : null
  return (
    <>
      <button type="button" className="button button--primary" disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isPending ? 'Sending…' : 'Send me a test notification'}
      </button>
      <div aria-live="polite">
        {send.isSuccess && <p className="notice notice--success">{TEST_SENT}</p>}
        {failure && (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        )}
      </div>
    </>
  )
}

/**
 * /test (public, docs/requirements.md#r11-offline-and-installing): what this browser does for Òwe — worker, push,
 * storage, connection.
 */
export default function DiagnosticsRoute() {
  const session = useSession()
  const online = useOnline()
  const diagnostics = useQuery(diagnosticsQuery())
  const { refetch } = diagnostics

  // The worker taking over (first visit, an update) changes what the page reports.
  // controllerchange comes while the new worker is still activating: follow its state to the end too.
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return
    const onChange = () => {
      void refetch()
      const worker = navigator.serviceWorker.controller
      if (worker && worker.state !== 'activated') worker.addEventListener('statechange', () => void refetch(), { once: true })
    }
    onChange()
    navigator.serviceWorker.addEventListener('controllerchange', onChange)
    return () => navigator.serviceWorker.removeEventListener('controllerchange', onChange)
  }, [refetch])

  const storage = diagnostics.data?.storage
  return (
    <div className="diagnostics">
      <h1>Diagnostics</h1>
      <p className="lead">What this browser is doing for Òwe. If something does not work, these details help us find out why.</p>
      <Report title="Connection">
        <Line term="Network">{online ? 'Online' : 'Offline'}</Line>
      </Report>
      {diagnostics.isPending ? (
        <Loading label="Checking this browser" />
      ) : diagnostics.isError ? (
        <ErrorState title="Could not check this browser" error={diagnostics.error} onRetry={() => void refetch()} />
      ) : (
        <>
          <Report title="Offline support">
            <WorkerLines worker={diagnostics.data.worker} />
          </Report>
          <Report title="Storage">
            {storage ? (
              <>
                <Line term="Used">{`${formatBytes(storage.usage)} of ${formatBytes(storage.quota)}`}</Line>
                <Line term="Kept when space runs low">{yesNo(storage.persisted)}</Line>
              </>
            ) : (
              <Line term="Storage">This browser does not say</Line>
            )}
          </Report>
        </>
      )}
      <Report title="Push notifications">
        <PushLines />
      </Report>
      <section aria-labelledby="test-send" className="profile__section">
        <h2 id="test-send">Test notification</h2>
        {session ? (
          <TestNotification userId={session.user.id} />
        ) : (
          <p>
            <Link to="/auth/login" state={{ from: { pathname: '/test', search: '', hash: '' } }}>
              Sign in
            </Link>{' '}
            to send yourself a test notification.
          </p>
        )}
      </section>
      <p>
        <button type="button" className="button" onClick={() => void refetch()}>
          Check again
        </button>
      </p>
    </div>
  )
}

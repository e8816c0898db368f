import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router-dom'
import { COMMUNITY_TEXTS } from '@/core/community/texts'
import { ErrorState, Loading } from '@/components/query-state'
import { ApiError } from '@/lib/api-client'
import { useSession } from '@/lib/session'
import { unsubscribeQuery } from '../queries'

/** /unsubscribe?email&token: the link at the foot of our emails. No sign-in needed. */
export function UnsubscribeRoute() {
  const [params] = useSearchParams()
  const email = params.get('email') ?? ''
  const token = params.get('token') ?? ''
  const result = useQuery(unsubscribeQuery(email, token))
  const session = useSession()
  return (
    <section className="auth-page auth-page--wide" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe</h1>
      {!email || !token ? (
        <p className="notice notice--error" role="alert">
          {COMMUNITY_TEXTS.unsubscribeIncomplete}
        </p>
      ) : result.isPending ? (
        <Loading label="Turning off reminders and optional emails" />
      ) : result.isError ? (
        // A refused link will not change by asking again; a lost connection might.
        <ErrorState
          title="Nothing was turned off"
          error={result.error}
          onRetry={result.error instanceof ApiError && result.error.status === 400 ? undefined : () => void result.refetch()}
        />
      ) : (
        <p className="notice notice--success" role="status">
          {result.data.message}
        </p>
      )}
      <p>
        {COMMUNITY_TEXTS.turnBackOn} {session ? <Link to="/profile">Open your profile</Link> : <Link to="/auth/login">Sign in</Link>}
      </p>
    </section>
  )
}

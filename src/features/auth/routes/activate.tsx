import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { errorMessage, Loading } from '@/components/query-state'
import { track } from '@/lib/track'
import { ApiError } from '@/lib/api-client'
import { activate } from '../api'
import { ResendActivation } from '../components/resend-activation'
import { authKeys } from '../queries'

/**
 * /auth/activate?token=… from the activation email. The link works once: the server marks it used, so
 * this is cached for the page's life and never retried.
 */
export default function ActivateRoute() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const result = useQuery({
    queryKey: authKeys.activation(token),
    queryFn: () => activate(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnReconnect: false,
  })
  // The last step of the sign-up funnel. The link works once, so this is counted once per account.
  const activated = result.isSuccess
  useEffect(() => {
    if (activated) track('signup_step', { detail: 'activated' })
  }, [activated])

  return (
    <section className="auth-page" aria-labelledby="activate-title">
      <h1 id="activate-title">Activate your account</h1>
      {token === '' ? (
        <>
          <p className="notice notice--error" role="alert">
            This link has no activation code. Open the link from your email again, or ask for a new one.
          </p>
          <ResendActivation />
        </>
      ) : result.isPending ? (
        <Loading label="Activating your account" lines={1} />
      ) : result.isSuccess ? (
        <>
          <p className="notice notice--success" role="status">
            {result.data.message}
          </p>
          <Link className="button button--primary" to="/auth/login">
            Sign in
          </Link>
        </>
      ) : (
        <>
          <p className="notice notice--error" role="alert">
            {errorMessage(result.error)}
          </p>
          {result.error instanceof ApiError && result.error.code === 'token_used' && (
            <p>
              <Link className="button button--primary" to="/auth/login">
                Sign in
              </Link>
            </p>
          )}
          {result.error instanceof ApiError && result.error.offline ? (
            <button type="button" className="button" onClick={() => void result.refetch()}>
              Try again
            </button>
          ) : (
            <ResendActivation />
          )}
        </>
      )}
    </section>
  )
}

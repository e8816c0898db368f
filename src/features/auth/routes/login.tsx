import '../auth.css'
import { useState } from 'react'
import { Link, Navigate, useLocation, useNavigate, type Location } from 'react-router-dom'
import { resumeAfterSignIn } from '@/core/shared/constants'
import { loginSchema, type LoginInput } from '@/core/account/validation'
import { Form, TextField } from '@/components/form'
import { ApiError } from '@/lib/api-client'
import { signIn, takeEndReason, useSession } from '@/lib/session'
import { login } from '../api'
import { ResendActivation } from '../components/resend-activation'

/** Where to go after signing in: where the user was going, never back into the sign-in pages. */
function targetOf(from: Location | undefined): string {
  if (!from || from.pathname.startsWith('/auth/')) return '/'
  return `${from.pathname}${from.search}${from.hash}`
}

export default function LoginRoute() {
  const location = useLocation()
  const navigate = useNavigate()
  const session = useSession()
  const asked = location.state as { from?: Location; favourite?: unknown } | null
  const from = asked?.from
  // The first screen after any sign-in is marked: no advert covers it, and the page the sign-in interrupted takes up
  // where the visitor was (and what they tapped).
  const resumed = resumeAfterSignIn({ resumedAfterSignIn: true, favourite: from ? asked?.favourite : undefined })
  const [reason] = useState(takeEndReason)
  const [unactivated, setUnactivated] = useState<string | null>(null)
  const target = targetOf(from)

  if (session) return <Navigate to={target} replace state={resumed} />

  return (
    <section className="auth-page" aria-labelledby="login-title">
      <h1 id="login-title">Sign in</h1>
      {reason === 'signed-out' && (
        <p className="notice" role="status">
          You have signed out.
        </p>
      )}
      {reason === 'expired' ? (
        <p className="notice" role="status">
          Your session has ended. Please sign in again{from ? ' to carry on where you were' : ''}.
        </p>
      ) : (
        from && (
          <p className="notice" role="status">
            Please sign in to continue.
          </p>
        )
      )}
      <Form<LoginInput>
        label="Sign in"
        schema={loginSchema}
        initialValues={{ email: '', password: '' }}
        submitLabel="Sign in"
        busyLabel="Signing in…"
        onSubmit={async (values) => {
          setUnactivated(null)
          try {
            signIn(await login(values))
            navigate(target, { replace: true, state: resumed })
          } catch (error) {
            if (error instanceof ApiError && error.code === 'not_activated') setUnactivated(values.email)
            throw error
          }
        }}
        footer={<Link to="/auth/forget_password">Forgot your password?</Link>}
      >
        <TextField name="email" label="Email" type="email" autoComplete="email" />
        <TextField name="password" label="Password" type="password" autoComplete="current-password" />
      </Form>
      {unactivated && <ResendActivation email={unactivated} />}
      <p className="auth-page__switch">
        New to Òwe? <Link to="/auth/signup">Create an account</Link>
      </p>
    </section>
  )
}

import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { registeredEmail } from '../registered-email'
import { ResendActivation } from '../components/resend-activation'

/**
 * /register_payment_success: after sign-up, where to look next, with a way to get the mail again. The
 * app puts the plan's payment (or its outcome) around it; `heading` 2 when the page has another title.
 */
export default function RegistrationSuccessRoute({ children, heading = 1 }: { children?: ReactNode; heading?: 1 | 2 }) {
  const email = registeredEmail()
  const Title = heading === 1 ? 'h1' : 'h2'
  return (
    <section className="auth-page" aria-labelledby="registered-title">
      <Title id="registered-title">{heading === 1 ? 'Check your email' : 'Now activate your account'}</Title>
      <p>
        {email ? (
          <>
            We have sent a link to <strong>{email}</strong>.
          </>
        ) : (
          'We have sent you a link.'
        )}{' '}
        Open it to activate your account, then sign in. It can take a minute to arrive; look in your spam folder too.
      </p>
      <ResendActivation email={email} label="Resend the email" />
      <p>
        <Link to="/auth/login">Go to sign in</Link>
      </p>
      {children}
    </section>
  )
}

import { Link } from 'react-router-dom'
import { registeredEmail } from '../registered-email'
import { ResendActivation } from '../components/resend-activation'

/** /register_payment_success: after sign-up, where to look next, with a way to get the mail again. */
export default function RegistrationSuccessRoute() {
  const email = registeredEmail()
  return (
    <section className="auth-page" aria-labelledby="registered-title">
      <h1 id="registered-title">Check your email</h1>
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
    </section>
  )
}

import { useState } from 'react'
import { Link } from 'react-router-dom'
import { emailSchema, type EmailInput } from '@/core/account/validation'
import { Form, TextField } from '@/components/form'
import { requestPasswordReset } from '../api'

/** /auth/forget_password: asks for the address; the answer is the same whether or not it has an account. */
export default function ForgotPasswordRoute() {
  const [sent, setSent] = useState<string | null>(null)
  return (
    <section className="auth-page" aria-labelledby="forgot-title">
      <h1 id="forgot-title">Forgot your password?</h1>
      {sent ? (
        <>
          <p className="notice notice--success" role="status">
            {sent}
          </p>
          <p>
            The link works for one hour. <Link to="/auth/login">Back to sign in</Link>
          </p>
        </>
      ) : (
        <>
          <p>Enter the email you signed up with and we will send you a link to choose a new password.</p>
          <Form<EmailInput>
            label="Reset your password"
            schema={emailSchema}
            initialValues={{ email: '' }}
            submitLabel="Send the link"
            busyLabel="Sending…"
            onSubmit={async ({ email }) => {
              setSent((await requestPasswordReset(email)).message)
            }}
            footer={<Link to="/auth/login">Back to sign in</Link>}
          >
            <TextField name="email" label="Email" type="email" autoComplete="email" />
          </Form>
        </>
      )}
    </section>
  )
}

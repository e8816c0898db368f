import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { ACCOUNT_TEXTS } from '@/core/account/texts'
import { resetPasswordSchema, type ResetPasswordInput } from '@/core/account/validation'
import { Form, TextField } from '@/components/form'
import { errorMessage, Loading } from '@/components/query-state'
import { saveResetPassword, verifyResetToken } from '../api'
import { authKeys } from '../queries'

/** /auth/reset_password?token=…: checks the emailed link first, then takes the new password. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const [done, setDone] = useState<string | null>(null)
  const check = useQuery({
    queryKey: authKeys.resetToken(token),
    queryFn: () => verifyResetToken(token),
    enabled: token !== '' && !done,
    retry: false,
    staleTime: Infinity,
  })

  return (
    <section className="auth-page" aria-labelledby="reset-title">
      <h1 id="reset-title">Choose a new password</h1>
      {done ? (
        <>
          <p className="notice notice--success" role="status">
            {done}
          </p>
          <Link className="button button--primary" to="/auth/login">
            Sign in
          </Link>
        </>
      ) : token === '' ? (
        <InvalidLink message="This link has no reset code. Open the link from your email again, or ask for a new one." />
      ) : check.isPending ? (
        <Loading label="Checking your link" lines={1} />
      ) : check.isError ? (
        <InvalidLink message={errorMessage(check.error)} />
      ) : (
        <Form<ResetPasswordInput>
          label="Choose a new password"
          schema={resetPasswordSchema}
          initialValues={{ password: '', confirmPassword: '' }}
          submitLabel="Save the new password"
          onSubmit={async (values) => {
            setDone((await saveResetPassword(token, values)).message)
          }}
        >
          <TextField name="password" label="New password" type="password" autoComplete="new-password" hint={ACCOUNT_TEXTS.passwordRules} />
          <TextField name="confirmPassword" label="Confirm the new password" type="password" autoComplete="new-password" />
        </Form>
      )}
    </section>
  )
}

function InvalidLink({ message }: { message: string }) {
  return (
    <>
      <p className="notice notice--error" role="alert">
        {message}
      </p>
      <Link className="button button--primary" to="/auth/forget_password">
        Ask for a new link
      </Link>
    </>
  )
}

import '../auth.css'
import { useId, useState } from 'react'
import { emailSchema } from '@/core/account/validation'
import { MutationOutcome } from '@/components/query-state'
import { useResendActivation } from '../mutations'

/**
 * "Send a new activation link": for the address given, or with its own email field when none is known
 * (an expired link carries no address). The server answers the same for every address.
 */
export function ResendActivation({ email, label = 'Send a new activation link' }: { email?: string; label?: string }) {
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const mutation = useResendActivation()
  const address = email ?? typed

  function send() {
    try {
      emailSchema.validateSync({ email: address })
    } catch (error) {
      setProblem((error as Error).message)
      return
    }
    setProblem(null)
    mutation.mutate(address.trim())
  }

  return (
    <div className="resend">
      {email === undefined && (
        <div className="field">
          <label htmlFor={id}>Your email</label>
          <input
            id={id}
            type="email"
            autoComplete="email"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-error` : undefined}
          />
          {problem && (
            <p className="field__error" id={`${id}-error`}>
              {problem}
            </p>
          )}
        </div>
      )}
      <button type="button" className="button" onClick={send} disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending…' : label}
      </button>
      <MutationOutcome mutation={mutation} success={mutation.data?.message} />
    </div>
  )
}

import '../auth.css'
import type { UseQueryResult } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { REGISTRATION_FIRST_STEP } from '@/core/shared/constants'
import type { EthnicGroup } from '@/core/proverbs/contract'
import type { Plan } from '@/core/payments/contract'
import { signupSchema, type SignupInput } from '@/core/account/validation'
import { clearDraft, Form, useFormikContext } from '@/components/form'
import { useGroups } from '@/entities/catalogue/queries'
import { usePlans } from '@/entities/plans/queries'
import { track } from '@/lib/track'
import { useSession } from '@/lib/session'
import { register } from '../api'
import { ResendActivation } from '../components/resend-activation'
import {
  AboutYouStep,
  AccountStep,
  EMAIL_TAKEN,
  LanguagesStep,
  PHONE_TAKEN,
  PlanStep,
  ReviewStep,
  rule,
  type SignupValues,
} from '../components/signup-steps'
import { rememberFreePlanChosen, rememberRegisteredEmail, rememberRegistrationPayment } from '../registered-email'
import { useLiveCheck } from '../live-check'

const STEPS = [
  { title: 'About you', fields: ['firstName', 'lastName', 'phoneNumber'] },
  { title: 'Your account', fields: ['email', 'password1', 'password2'] },
  { title: 'Your plan', fields: ['packageId'] },
  { title: 'Your languages', fields: ['languages'] },
  { title: 'Review', fields: ['promoCode'] },
] as const

const INITIAL: SignupValues = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
  password1: '',
  password2: '',
  packageId: '',
  languages: [],
  promoCode: '',
}

const DRAFT_KEY = 'signup'

/**
 * The registration wizard (docs/requirements.md#r3-accounts-and-sign-in), starting at step 1, ending in a success
 * modal.
 */
export function SignupRoute() {
  const session = useSession()
  const plans = usePlans()
  const groups = useGroups()
  const [step, setStep] = useState<number>(REGISTRATION_FIRST_STEP)
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const firstRender = useRef(true)
  // /pricing links here with ?plan=id: that plan starts chosen.
  const [params] = useSearchParams()
  const [initialValues] = useState<SignupValues>(() => ({
    ...INITIAL,
    packageId: /^\d+$/.test(params.get('plan') ?? '') ? (params.get('plan') as string) : '',
  }))

  // The sign-up funnel: each step counted the first time it is reached in this visit to the wizard.
  const reached = useRef(new Set<number>())
  useEffect(() => {
    if (reached.current.has(step)) return
    reached.current.add(step)
    track('signup_step', { detail: String(step) })
  }, [step])

  // Each step announces itself: focus moves to its heading (not on arrival, where the page title leads).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    heading.current?.focus()
  }, [step])

  if (session && !registeredEmail) return <Navigate to="/" replace />

  return (
    <section className="auth-page auth-page--wide" aria-labelledby="signup-title">
      <h1 id="signup-title">Create your account</h1>
      <ol className="steps" aria-label="Sign-up progress">
        {STEPS.map((s, index) => (
          <li key={s.title} aria-current={index + 1 === step ? 'step' : undefined} className={index + 1 < step ? 'steps__done' : undefined}>
            <span className="steps__number">{index + 1}</span> {s.title}
          </li>
        ))}
      </ol>
      <Form<SignupValues>
        label="Sign up"
        schema={signupSchema}
        initialValues={initialValues}
        draftKey={DRAFT_KEY}
        submitLabel="Create account"
        onSubmit={async (values) => {
          // The form hands over cast values: packageId a number, empty optional fields left out.
          const result = await register(values as unknown as SignupInput)
          track('signup_step', { detail: 'submitted' })
          clearDraft(DRAFT_KEY)
          rememberRegisteredEmail(result.email)
          if (result.paymentToken) {
            rememberRegistrationPayment({
              token: result.paymentToken,
              packageId: Number(values.packageId),
              promoCode: values.promoCode || null,
            })
          } else {
            rememberFreePlanChosen()
          }
          setRegisteredEmail(result.email)
        }}
        actions={({ isSubmitting }) => <WizardActions step={step} setStep={setStep} submitting={isSubmitting} />}
      >
        <h2 ref={heading} tabIndex={-1} className="steps__title">
          Step {step} of {STEPS.length}: {STEPS[step - 1].title}
        </h2>
        {step === 1 && <AboutYouStep />}
        {step === 2 && <AccountStep />}
        {step === 3 && <PlanStep plans={plans} />}
        {step === 4 && <PlanAwareLanguages plans={plans.data} groups={groups} />}
        {step === 5 && <PlanAwareReview plans={plans.data} groups={groups.data ?? []} />}
      </Form>
      <p className="auth-page__switch">
        Already have an account? <Link to="/auth/login">Sign in</Link>
      </p>
      {registeredEmail && <SuccessModal email={registeredEmail} />}
    </section>
  )
}

function PlanAwareLanguages({ plans, groups }: { plans: Plan[] | undefined; groups: UseQueryResult<EthnicGroup[]> }) {
  const { values } = useFormikContext<SignupValues>()
  return <LanguagesStep groups={groups} plan={plans?.find((p) => String(p.id) === values.packageId)} />
}

function PlanAwareReview({ plans, groups }: { plans: Plan[] | undefined; groups: EthnicGroup[] }) {
  const { values } = useFormikContext<SignupValues>()
  return <ReviewStep groups={groups} plan={plans?.find((p) => String(p.id) === values.packageId)} />
}

/** Back / Next validate only the current step's fields; the last step submits. */
function WizardActions({ step, setStep, submitting }: { step: number; setStep: (step: number) => void; submitting: boolean }) {
  const { values, validateForm, setFieldTouched, setFieldError } = useFormikContext<SignupValues>()
  const email = useLiveCheck('email', values.email, rule('email'))
  const phone = useLiveCheck('phone', values.phoneNumber, rule('phoneNumber'))
  const actions = useRef<HTMLDivElement>(null)
  const nextRef = useRef<() => void>(() => {})

  async function next() {
    const fields = STEPS[step - 1].fields as readonly (keyof SignupValues)[]
    await Promise.all(fields.map((name) => setFieldTouched(name, true, false)))
    const errors = await validateForm()
    const invalid = fields.filter((name) => errors[name])
    if (step === 1 && phone.data?.exists) {
      setFieldError('phoneNumber', PHONE_TAKEN)
      invalid.push('phoneNumber')
    }
    if (step === 2 && email.data?.exists) {
      setFieldError('email', EMAIL_TAKEN)
      invalid.push('email')
    }
    if (invalid.length) {
      document.querySelector<HTMLElement>(`[name="${invalid[0]}"]`)?.focus()
      return
    }
    setStep(step + 1)
  }
  nextRef.current = () => void next()

  // Enter in a field moves to the next step instead of submitting the whole form early.
  useEffect(() => {
    const form = actions.current?.closest('form')
    if (!form || step === STEPS.length) return
    const onKey = (event: KeyboardEvent) => {
      // isComposing: Enter that ends an input-method composition (an Ethiopic keyboard, say) is not "next".
      if (event.key === 'Enter' && !event.isComposing && event.target instanceof HTMLInputElement && event.target.type !== 'checkbox') {
        event.preventDefault()
        nextRef.current()
      }
    }
    form.addEventListener('keydown', onKey)
    return () => form.removeEventListener('keydown', onKey)
  }, [step])

  return (
    <div className="form__actions" ref={actions}>
      {step > 1 && (
        <button type="button" className="button" onClick={() => setStep(step - 1)} disabled={submitting}>
          Back
        </button>
      )}
      {step < STEPS.length ? (
        // Distinct keys: otherwise React turns this very button into the submit button during the click
        // that leaves step 4, and the browser then submits the form.
        <button key="next" type="button" className="button button--primary" onClick={() => void next()}>
          Next
        </button>
      ) : (
        <button key="submit" type="submit" className="button button--primary" disabled={submitting}>
          {submitting ? 'Creating your account…' : 'Create account'}
        </button>
      )}
    </div>
  )
}

/**
 * The success modal (docs/requirements.md#r3-accounts-and-sign-in). A native modal dialog: focus is trapped and Escape
 * closes it.
 */
function SuccessModal({ email }: { email: string }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
  }, [])
  const done = () => navigate('/register_payment_success', { replace: true })
  return (
    <dialog ref={dialog} className="modal" aria-labelledby="signup-done-title" onClose={done}>
      <h2 id="signup-done-title">Check your email</h2>
      <p>
        We have sent a link to <strong>{email}</strong>. Open it to activate your account, then sign in.
      </p>
      <ResendActivation email={email} label="Resend the email" />
      <div className="form__actions">
        <button type="button" className="button button--primary" onClick={done} autoFocus>
          Done
        </button>
      </div>
    </dialog>
  )
}

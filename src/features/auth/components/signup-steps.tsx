import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { reach, type AnySchema } from 'yup'
import type { EthnicGroup } from '@/core/proverbs/contract'
import type { Plan } from '@/core/payments/contract'
import { formatCurrency } from '@/core/shared/money'
import { isFreePlan, PLAN_TEXTS } from '@/core/payments/plans'
import { ACCOUNT_TEXTS } from '@/core/account/texts'
import { signupSchema } from '@/core/account/validation'
import { FieldError, TextField, useField, useFormikContext } from '@/components/form'
import { ErrorState, LimitedChoices, Loading } from '@/components/query-state'
import { useLiveCheck } from '../live-check'

export type SignupValues = {
  firstName: string
  lastName: string
  phoneNumber: string
  email: string
  password1: string
  password2: string
  packageId: string
  languages: number[]
  promoCode: string
}

export const { emailTaken: EMAIL_TAKEN, phoneTaken: PHONE_TAKEN, promoInvalid: PROMO_INVALID } = ACCOUNT_TEXTS

/** One field's rule from the shared sign-up schema. */
export const rule = (field: string) => reach(signupSchema, field) as AnySchema

export function AboutYouStep() {
  const { values } = useFormikContext<SignupValues>()
  const phone = useLiveCheck('phone', values.phoneNumber, rule('phoneNumber'))
  return (
    <>
      <TextField name="firstName" label="First name" autoComplete="given-name" />
      <TextField name="lastName" label="Last name" autoComplete="family-name" />
      <TextField
        name="phoneNumber"
        label="Phone number (optional)"
        type="tel"
        autoComplete="tel"
        hint="With the country code if you like, e.g. +2348012345678."
        extra={phone.data?.exists && <p className="field__error">{PHONE_TAKEN}</p>}
      />
    </>
  )
}

export function AccountStep() {
  const { values } = useFormikContext<SignupValues>()
  const email = useLiveCheck('email', values.email, rule('email'))
  return (
    <>
      <TextField
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        extra={
          email.isFetching ? (
            <p className="field__hint">Checking…</p>
          ) : email.data?.exists ? (
            <p className="field__error">
              {EMAIL_TAKEN} <Link to="/auth/login">Sign in</Link>
            </p>
          ) : email.data ? (
            <p className="field__ok">No account uses this email yet.</p>
          ) : null
        }
      />
      <TextField name="password1" label="Password" type="password" autoComplete="new-password" hint={ACCOUNT_TEXTS.passwordRules} />
      <TextField name="password2" label="Confirm password" type="password" autoComplete="new-password" />
    </>
  )
}

/** "no payment" for the Free plan, the yearly price for the others. */
const priceOf = (plan: Plan) => (isFreePlan(plan) ? 'no payment' : `${formatCurrency(plan.amount, 'USD')} a year`)

export function PlanStep({ plans }: { plans: UseQueryResult<Plan[]> }) {
  const [field] = useField<string>('packageId')
  const { values, setFieldValue } = useFormikContext<SignupValues>()
  // A smaller plan keeps only as many of the chosen languages as it includes.
  const choose = (plan: Plan) => {
    void setFieldValue('packageId', String(plan.id))
    if (values.languages.length > plan.noOfEthnics) void setFieldValue('languages', values.languages.slice(0, plan.noOfEthnics))
  }
  if (plans.isPending) return <Loading label="Loading plans" />
  if (plans.isError) return <ErrorState error={plans.error} onRetry={() => void plans.refetch()} />
  return (
    <fieldset className="choice-list" aria-describedby="plan-story plan-error">
      <legend>Choose a subscription plan</legend>
      <p id="plan-story" className="field__hint">
        {PLAN_TEXTS.story}
      </p>
      {plans.data.map((plan) => (
        <label key={plan.id} className="choice">
          <input
            type="radio"
            name={field.name}
            onBlur={field.onBlur}
            value={String(plan.id)}
            checked={field.value === String(plan.id)}
            onChange={() => choose(plan)}
          />
          <span className="choice__title">
            {plan.name} — {priceOf(plan)}
          </span>
          <span className="choice__detail">{plan.description}</span>
        </label>
      ))}
      <FieldError name="packageId" id="plan-error" />
    </fieldset>
  )
}

export function LanguagesStep({ groups, plan }: { groups: UseQueryResult<EthnicGroup[]>; plan: Plan | undefined }) {
  const { values, setFieldValue } = useFormikContext<SignupValues>()
  const max = plan?.noOfEthnics ?? 1
  if (groups.isPending) return <Loading label="Loading languages" />
  if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />
  return (
    <LimitedChoices
      legend="Which languages do you want?"
      choices={groups.data.map((group) => ({ id: group.id, title: group.language, detail: `${group.name} proverbs` }))}
      chosen={values.languages}
      max={max}
      onChange={(chosen) => void setFieldValue('languages', chosen)}
      summary={`${plan ? ` — the ${plan.name} plan includes ${max}` : ''}. They are kept offline, quizzed weekly and shown first; every people can be read online. You can change them later.`}
    >
      <FieldError name="languages" />
    </LimitedChoices>
  )
}

export function ReviewStep({ plan, groups }: { plan: Plan | undefined; groups: EthnicGroup[] }) {
  const { values } = useFormikContext<SignupValues>()
  const promo = useLiveCheck('promo', values.promoCode, rule('promoCode'))
  const chosen = groups.filter((g) => values.languages.includes(g.id))
  return (
    <>
      <dl className="summary">
        <dt>Name</dt>
        <dd>
          {values.firstName} {values.lastName}
        </dd>
        <dt>Email</dt>
        <dd>{values.email}</dd>
        {values.phoneNumber && (
          <>
            <dt>Phone</dt>
            <dd>{values.phoneNumber}</dd>
          </>
        )}
        <dt>Plan</dt>
        <dd>{plan ? `${plan.name} — ${priceOf(plan)}` : '—'}</dd>
        <dt>Languages</dt>
        <dd>{chosen.length ? chosen.map((g) => g.language).join(', ') : 'None yet'}</dd>
      </dl>
      <TextField
        name="promoCode"
        label="Promo code (optional)"
        autoComplete="off"
        extra={
          promo.data ? (
            promo.data.valid ? (
              <p className="field__ok">
                {promo.data.code}: {promo.data.percentOff}% off your first payment.
              </p>
            ) : (
              <p className="field__error">{PROMO_INVALID}</p>
            )
          ) : null
        }
      />
    </>
  )
}

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ACCOUNT_TEXTS } from '@/core/account/texts'
import {
  addressSchema,
  changePasswordSchema,
  personalInfoSchema,
  type AddressInput,
  type ChangePasswordInput,
  type PersonalInfoInput,
} from '@/core/account/validation'
import { Form, TextField } from '@/components/form'
import { ErrorState, Loading } from '@/components/query-state'
import { updateSessionUser } from '@/lib/session'
import { changePassword, saveAddress, savePersonalInfo } from '../api'
import { accountKeys, addressQuery, personalInfoQuery } from '../queries'

export function PersonalInfoForm({ userId }: { userId: number }) {
  const client = useQueryClient()
  const info = useQuery(personalInfoQuery(userId))
  if (info.isPending) return <Loading label="Loading your personal info" />
  if (info.isError) return <ErrorState error={info.error} onRetry={() => void info.refetch()} />
  const { firstName, lastName, email, phoneNumber } = info.data.content
  return (
    <Form<PersonalInfoInput>
      label="Personal info"
      schema={personalInfoSchema}
      initialValues={{ firstName, lastName, phoneNumber: phoneNumber ?? '' }}
      draftKey={`personal-info:${userId}`}
      submitLabel="Save personal info"
      onSubmit={async (values) => {
        const saved = await savePersonalInfo(values)
        client.setQueryData(accountKeys.personalInfo(userId), saved)
        void client.invalidateQueries({ queryKey: accountKeys.full(userId) })
        updateSessionUser({ firstName: saved.content.firstName, lastName: saved.content.lastName })
        return { notice: 'Your personal info has been saved.' }
      }}
    >
      <p className="field__static">
        <span>Email</span> {email}
      </p>
      <TextField name="firstName" label="First name" autoComplete="given-name" />
      <TextField name="lastName" label="Last name" autoComplete="family-name" />
      <TextField name="phoneNumber" label="Phone number (optional)" type="tel" autoComplete="tel" />
    </Form>
  )
}

const ADDRESS_FIELDS: { name: keyof AddressInput; label: string; autoComplete: string }[] = [
  { name: 'country', label: 'Country', autoComplete: 'country-name' },
  { name: 'state', label: 'State or region', autoComplete: 'address-level1' },
  { name: 'city', label: 'City or town', autoComplete: 'address-level2' },
  { name: 'street', label: 'Street', autoComplete: 'address-line1' },
  { name: 'house_number', label: 'House number', autoComplete: 'address-line2' },
  { name: 'postal_code', label: 'Postal code', autoComplete: 'postal-code' },
]

const EMPTY_ADDRESS: AddressInput = { country: '', state: '', city: '', street: '', house_number: '', postal_code: '' }

export function AddressForm({ userId }: { userId: number }) {
  const client = useQueryClient()
  const address = useQuery(addressQuery(userId))
  if (address.isPending) return <Loading label="Loading your address" />
  if (address.isError) return <ErrorState error={address.error} onRetry={() => void address.refetch()} />
  return (
    <Form<AddressInput>
      label="Address"
      schema={addressSchema}
      initialValues={address.data ?? EMPTY_ADDRESS}
      draftKey={`address:${userId}`}
      submitLabel="Save address"
      onSubmit={async (values) => {
        client.setQueryData(accountKeys.address(userId), await saveAddress(values))
        void client.invalidateQueries({ queryKey: accountKeys.full(userId) })
        return { notice: 'Your address has been saved.' }
      }}
    >
      <div className="form__grid">
        {ADDRESS_FIELDS.map((field) => (
          <TextField key={field.name} {...field} />
        ))}
      </div>
    </Form>
  )
}

export function ChangePasswordForm() {
  return (
    <Form<ChangePasswordInput>
      label="Change password"
      schema={changePasswordSchema}
      initialValues={{ oldPassword: '', newPassword: '', confirmNewPassword: '' }}
      submitLabel="Change password"
      resetOnSuccess
      onSubmit={async (values) => ({ notice: (await changePassword(values)).message })}
    >
      <TextField name="oldPassword" label="Old password" type="password" autoComplete="current-password" />
      <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" hint={ACCOUNT_TEXTS.passwordRules} />
      <TextField name="confirmNewPassword" label="Confirm new password" type="password" autoComplete="new-password" />
    </Form>
  )
}

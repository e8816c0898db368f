// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { addressSchema, changePasswordSchema, type AddressInput, type ChangePasswordInput } from '@/core/account/validation'
import { ApiError } from '@/lib/api-client'
import { Form, TextField } from './form'

const EMPTY: AddressInput = { country: '', state: '', city: '', street: '', house_number: '', postal_code: '' }
const FILLED: AddressInput = {
  country: 'Ghana',
  state: 'Ashanti',
  city: 'Kumasi',
  street: 'Prempeh II St',
  house_number: '7',
  postal_code: 'AK-039',
}

function AddressForm({
  onSubmit,
  initial = EMPTY,
}: {
  onSubmit: (values: AddressInput) => Promise<void | { notice: string }>
  initial?: AddressInput
}) {
  return (
    <Form<AddressInput>
      label="Address"
      schema={addressSchema}
      initialValues={initial}
      draftKey="address:1"
      submitLabel="Save address"
      onSubmit={onSubmit}
    >
      {(Object.keys(EMPTY) as (keyof AddressInput)[]).map((name) => (
        <TextField key={name} name={name} label={name} />
      ))}
    </Form>
  )
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

beforeEach(() => sessionStorage.clear())
afterEach(cleanup)

test('submitting empty shows the spec’s message under every field, tied to it for screen readers', async () => {
  render(<AddressForm onSubmit={async () => {}} />)
  fireEvent.click(screen.getByRole('button', { name: 'Save address' }))
  await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(6))
  const country = screen.getByLabelText('country')
  expect(country.getAttribute('aria-invalid')).toBe('true')
  expect(document.getElementById(country.getAttribute('aria-describedby')!)?.textContent).toBe('Required')
})

test('the server’s field messages land under their fields and its message on top', async () => {
  render(
    <AddressForm
      initial={FILLED}
      onSubmit={async () => {
        throw new ApiError(400, 'bad_request', 'Please check the postal code.', {
          postal_code: 'Not a postal code here',
          unknown: 'ignored',
        })
      }}
    />,
  )
  fireEvent.click(screen.getByRole('button', { name: 'Save address' }))
  expect((await screen.findByRole('alert')).textContent).toBe('Please check the postal code.')
  expect(screen.getByText('Not a postal code here')).toBeTruthy()
  expect(screen.queryByText('ignored')).toBeNull()
})

test('what was typed is kept as a draft and comes back as unsaved changes, which can be discarded', async () => {
  const first = render(<AddressForm initial={FILLED} onSubmit={async () => {}} />)
  type('city', 'Accra')
  await waitFor(() => expect(JSON.parse(sessionStorage.getItem('owe:draft:address:1')!).city).toBe('Accra'))
  first.unmount()

  render(<AddressForm initial={FILLED} onSubmit={async () => {}} />)
  expect(await screen.findByText('Your unsaved changes are back, as you left them. Save them, or')).toBeTruthy()
  expect((screen.getByLabelText('city') as HTMLInputElement).value).toBe('Accra')
  fireEvent.click(screen.getByRole('button', { name: 'Discard them' }))
  await waitFor(() => expect((screen.getByLabelText('city') as HTMLInputElement).value).toBe('Kumasi'))
  await waitFor(() => expect(sessionStorage.getItem('owe:draft:address:1')).toBeNull())
})

test('a saved form keeps no draft and shows its notice', async () => {
  render(<AddressForm initial={FILLED} onSubmit={async () => ({ notice: 'Your address has been saved.' })} />)
  type('city', 'Tamale')
  await waitFor(() => expect(sessionStorage.getItem('owe:draft:address:1')).not.toBeNull())
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save address' })))
  expect(await screen.findByText('Your address has been saved.')).toBeTruthy()
  await waitFor(() => expect(sessionStorage.getItem('owe:draft:address:1')).toBeNull())
  expect((screen.getByLabelText('city') as HTMLInputElement).value).toBe('Tamale')
})

test('passwords are never written to the draft', async () => {
  render(
    <Form<ChangePasswordInput>
      label="Change password"
      schema={changePasswordSchema}
      initialValues={{ oldPassword: '', newPassword: '', confirmNewPassword: '' }}
      draftKey="password"
      submitLabel="Change password"
      onSubmit={async () => {}}
    >
      <TextField name="oldPassword" label="Old password" type="password" />
      <TextField name="newPassword" label="New password" type="password" />
      <TextField name="confirmNewPassword" label="Confirm new password" type="password" />
    </Form>,
  )
  type('Old password', 'Proverb#1')
  await waitFor(() => expect(sessionStorage.getItem('owe:draft:password')).toBe('{}'))
})

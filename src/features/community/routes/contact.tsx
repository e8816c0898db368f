import { contactSchema, type ContactInput } from '@/core/validation'
import { Form, TextAreaField, TextField } from '@/components/form'
import { useSession } from '@/lib/session'
import { sendContactMessage } from '../api'

const EMPTY: ContactInput = { email: '', firstName: '', surname: '', phoneNumber: '', message: '' }

/** /contact: a message to the people who run Òwe. */
export function ContactRoute() {
  const session = useSession()
  const initialValues: ContactInput = session
    ? { ...EMPTY, email: session.user.email, firstName: session.user.firstName, surname: session.user.lastName }
    : EMPTY
  return (
    <section className="auth-page auth-page--wide" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact us</h1>
      <p>A question, an idea or a correction to a proverb? Write to us and we will answer by email.</p>
      <Form<ContactInput>
        label="Contact us"
        schema={contactSchema}
        initialValues={initialValues}
        draftKey="contact"
        resetOnSuccess
        submitLabel="Send message"
        busyLabel="Sending…"
        onSubmit={async (values) => ({ notice: (await sendContactMessage(values)).message })}
      >
        <TextField name="email" label="Email" type="email" autoComplete="email" />
        <div className="form__grid">
          <TextField name="firstName" label="First name" autoComplete="given-name" />
          <TextField name="surname" label="Surname" autoComplete="family-name" />
        </div>
        <TextField name="phoneNumber" label="Phone number" type="tel" autoComplete="tel" />
        <TextAreaField name="message" label="Message" rows={6} />
      </Form>
    </section>
  )
}

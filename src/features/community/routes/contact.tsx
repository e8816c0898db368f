import type { FullProfile } from '@/core/account/contract'
import { contactSchema, type ContactInput } from '@/core/community/validation'
import { Form, TextAreaField, TextField } from '@/components/form'
import { Loading } from '@/components/query-state'
import { useProfile } from '@/entities/profile/queries'
import { useSession, type Session } from '@/lib/session'
import { sendContactMessage } from '../api'

const EMPTY: ContactInput = { email: '', firstName: '', surname: '', phoneNumber: '', message: '' }

/** What the form starts with: what the profile knows of the sender, else what the session does. */
function senderValues(session: Session | null, profile: FullProfile | undefined): ContactInput {
  if (!session) return EMPTY
  const known = profile ?? { ...session.user, phoneNumber: null }
  return { ...EMPTY, email: known.email, firstName: known.firstName, surname: known.lastName, phoneNumber: known.phoneNumber ?? '' }
}

/** /contact: a message to the people who run Òwe. */
export function ContactRoute() {
  const session = useSession()
  const profile = useProfile()
  // Offline without a copy of the profile the query waits (paused): the form opens with the session's details.
  const loadingProfile = Boolean(session) && profile.isPending && profile.fetchStatus === 'fetching'
  return (
    <section className="auth-page auth-page--wide" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact us</h1>
      <p>A question, an idea or a correction to a proverb? Write to us and we will answer by email.</p>
      {loadingProfile ? (
        <Loading label="Loading your details" />
      ) : (
        <Form<ContactInput>
          label="Contact us"
          schema={contactSchema}
          initialValues={senderValues(session, profile.data)}
          draftKey="contact"
          resetOnSuccess
          focusOutcome
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
      )}
    </section>
  )
}

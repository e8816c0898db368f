import { useSession } from '@/lib/session'
import { LanguagesForm } from '../components/languages-form'
import { PictureForm } from '../components/picture-form'
import { AddressForm, ChangePasswordForm, PersonalInfoForm } from '../components/profile-forms'

/** /profile: personal info, address, picture, languages and password, each saved on its own. */
export default function ProfileRoute() {
  const session = useSession()
  if (!session) return null
  const { id } = session.user
  return (
    // Keyed by user: a different account signed in elsewhere starts from a clean slate, not the last one's edits.
    <div className="profile" key={id}>
      <h1>Your profile</h1>
      <nav aria-label="Profile sections" className="profile__nav">
        <a href="#picture">Picture</a>
        <a href="#personal-info">Personal info</a>
        <a href="#address">Address</a>
        <a href="#languages">Languages</a>
        <a href="#password">Password</a>
      </nav>
      <section id="picture" aria-labelledby="picture-title" className="profile__section">
        <h2 id="picture-title">Picture</h2>
        <PictureForm userId={id} />
      </section>
      <section id="personal-info" aria-labelledby="personal-title" className="profile__section">
        <h2 id="personal-title">Personal info</h2>
        <PersonalInfoForm userId={id} />
      </section>
      <section id="address" aria-labelledby="address-title" className="profile__section">
        <h2 id="address-title">Address</h2>
        <AddressForm userId={id} />
      </section>
      <section id="languages" aria-labelledby="languages-title" className="profile__section">
        <h2 id="languages-title">Languages</h2>
        <LanguagesForm userId={id} />
      </section>
      <section id="password" aria-labelledby="password-title" className="profile__section">
        <h2 id="password-title">Change password</h2>
        <ChangePasswordForm />
      </section>
    </div>
  )
}

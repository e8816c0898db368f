import '../profile.css'
import type { ComponentType } from 'react'
import { useSession } from '@/lib/session'
import { LanguagesForm } from '../components/languages-form'
import { PictureForm } from '../components/picture-form'
import { AddressForm, ChangePasswordForm, PersonalInfoForm } from '../components/profile-forms'

/** A section of the page; other features add theirs through the app (features never import each other). */
export type ProfileSection = { id: string; nav: string; title: string; Body: ComponentType<{ userId: number }> }

const SECTIONS: ProfileSection[] = [
  { id: 'picture', nav: 'Picture', title: 'Picture', Body: PictureForm },
  { id: 'personal-info', nav: 'Personal info', title: 'Personal info', Body: PersonalInfoForm },
  { id: 'address', nav: 'Address', title: 'Address', Body: AddressForm },
  { id: 'languages', nav: 'Languages', title: 'Languages', Body: LanguagesForm },
  { id: 'password', nav: 'Password', title: 'Change password', Body: ChangePasswordForm },
]

/**
 * /profile: the sections the app puts first (the streak), then personal info, address, picture, languages and
 * password, each saved on its own, then the sections the app adds after (subscription, adverts, notifications).
 */
export default function ProfileRoute({
  leadingSections = [],
  extraSections = [],
}: {
  leadingSections?: ProfileSection[]
  extraSections?: ProfileSection[]
}) {
  const session = useSession()
  if (!session) return null
  const { id } = session.user
  const sections = [...leadingSections, ...SECTIONS, ...extraSections]
  return (
    // Keyed by user: a different account signed in elsewhere starts from a clean slate, not the last one's edits.
    <div className="profile" key={id}>
      <h1>Your profile</h1>
      <nav aria-label="Profile sections" className="profile__nav">
        {sections.map((section) => (
          <a key={section.id} href={`#${section.id}`}>
            {section.nav}
          </a>
        ))}
      </nav>
      {sections.map(({ id: sectionId, title, Body }) => (
        <section key={sectionId} id={sectionId} aria-labelledby={`${sectionId}-title`} className="profile__section">
          <h2 id={`${sectionId}-title`}>{title}</h2>
          <Body userId={id} />
        </section>
      ))}
    </div>
  )
}

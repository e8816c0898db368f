import ProfileRoute, { type ProfileSection } from '@/features/account/routes/profile'
import { NotificationSettings } from '@/features/push/components/notification-settings'

const NOTIFICATIONS: ProfileSection = { id: 'notifications', nav: 'Notifications', title: 'Notifications', Body: NotificationSettings }

/** /profile with the push feature's Notifications section: the app composes the two features. */
export default function ProfilePage() {
  return <ProfileRoute extraSections={[NOTIFICATIONS]} />
}

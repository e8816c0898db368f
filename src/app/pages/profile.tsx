import ProfileRoute, { type ProfileSection } from '@/features/account/routes/profile'
import { NotificationSettings } from '@/features/push/components/notification-settings'
import { SubscriptionSettings } from '@/features/subscriptions/components/subscription-settings'
import { AdToggleSetting } from '@/features/ads/components/ad-toggle-setting'

const SUBSCRIPTION: ProfileSection = { id: 'subscription', nav: 'Subscription', title: 'Subscription', Body: SubscriptionSettings }
const ADVERTS: ProfileSection = { id: 'adverts', nav: 'Adverts', title: 'Adverts', Body: AdToggleSetting }
const NOTIFICATIONS: ProfileSection = { id: 'notifications', nav: 'Notifications', title: 'Notifications', Body: NotificationSettings }

/** /profile with the subscription and notification sections: the app composes the features. */
export default function ProfilePage() {
  return <ProfileRoute extraSections={[SUBSCRIPTION, ADVERTS, NOTIFICATIONS]} />
}

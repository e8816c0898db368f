import ProfileRoute, { type ProfileSection } from '@/features/account/routes/profile'
import { NotificationSettings } from '@/features/push/components/notification-settings'
import { SubscriptionSettings } from '@/features/subscriptions/components/subscription-settings'
import { AdToggleSetting } from '@/features/ads/components/ad-toggle-setting'
import { LearningStreak } from '@/components/learning-streak'
import { STREAK_INTRO } from '@/core/learning/streak-texts'

/** The streak and its calendar (docs/requirements.md#r18-learning), first: the profile is where a reader looks for it. */
const STREAK: ProfileSection = { id: 'streak', nav: 'Streak', title: STREAK_INTRO.title, Body: LearningStreak }
const SUBSCRIPTION: ProfileSection = { id: 'subscription', nav: 'Subscription', title: 'Subscription', Body: SubscriptionSettings }
const ADVERTS: ProfileSection = { id: 'adverts', nav: 'Adverts', title: 'Adverts', Body: AdToggleSetting }
const NOTIFICATIONS: ProfileSection = { id: 'notifications', nav: 'Notifications', title: 'Notifications', Body: NotificationSettings }

/** /profile with the streak first and the subscription, advert and notification sections after: the app composes the features. */
export default function ProfilePage() {
  return <ProfileRoute leadingSections={[STREAK]} extraSections={[SUBSCRIPTION, ADVERTS, NOTIFICATIONS]} />
}

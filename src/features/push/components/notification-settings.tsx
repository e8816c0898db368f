import { PushSwitch } from './push-switch'
import { ReminderForm } from './reminder-form'

/**
 * The profile's "Notifications" section: push on this device (when the build has push) and the daily
 * proverb reminder (always: reminders also arrive in the in-app list).
 */
export function NotificationSettings({ userId }: { userId: number }) {
  return (
    <>
      <PushSwitch userId={userId} />
      <ReminderForm userId={userId} />
    </>
  )
}

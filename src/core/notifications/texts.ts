import { REMINDER_TIME_MESSAGE, REMINDER_TIME_ZONE_MESSAGE } from './reminder'

/** Our own texts for notifications (the spec gives none); the reminder's are shared with the app's form. */
export const NOTIFICATION_TEXTS = {
  deviceSaved: 'Device saved',
  deviceType: 'device_type must be WEB.',
  deviceToken: 'device_token must be 1 to 4096 visible characters.',
  subscriptionEndpoint: 'endpoint must be the https address of a push service Òwe sends to.',
  subscriptionKeys: 'keys must hold the subscription’s p256dh and auth, base64url.',
  notFound: 'No notification of yours has that id.',
  badId: 'The notification id must be a whole number.',
  testTitle: 'Test notification',
  testBody: 'Notifications reach you on this device.',
  reminderTime: REMINDER_TIME_MESSAGE,
  reminderTimeZone: REMINDER_TIME_ZONE_MESSAGE,
} as const

/** The Home Screen guide for Safari on an iPhone or iPad (src/features/push/components/ios-install-guide.tsx). */
export const INSTALL_GUIDE_TEXTS = {
  title: 'Add Òwe to your Home Screen',
  why: 'On an iPhone or iPad, Òwe can notify you — your daily proverb, your quizzes — once it is on your Home Screen. It opens like an app, and offline too.',
  share: 'Tap Share in Safari’s toolbar (at the bottom on an iPhone, at the top on an iPad).',
  add: 'Scroll down and tap Add to Home Screen, then Add.',
  open: 'Open Òwe from your Home Screen and turn on notifications there.',
  close: 'Got it',
} as const

/** What the app and the server say about the community calls, once. */

export const COMMUNITY_TEXTS = {
  suggestionThanks: 'Thank you! Your proverb will be reviewed by our editors before it appears in Òwe.',
  suggestionDuplicate: 'A proverb that reads the same, tone marks aside, is already in Òwe. Our editors will compare the two.',
  contactThanks: 'Thank you for your message. We read every one and will answer at the email you gave.',
  unsubscribed: (email: string) =>
    `Done: daily proverb reminders and optional emails are turned off for ${email}. Emails your account needs, such as activation and password reset, will still reach you.`,
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Open it again from the email, in full, or sign in and turn off reminders in your profile.',
  unsubscribeIncomplete: 'This unsubscribe link is incomplete. Open it again from the email, in full.',
  turnBackOn:
    'Changed your mind? Sign in and choose a time for your daily proverb under Notifications in your profile: that turns reminders and optional emails back on.',
  /** A suggestion or correction kept on the device while offline (src/offline/forms.ts), until the server has it. */
  keptOffline: 'It is kept on this device and sent as soon as you are back online, even if you close Òwe meanwhile.',
  sendAgain: 'Send again',
  letGo: 'Let it go',
  /** The footer of every email we send. */
  mailFooter: 'Don’t want daily reminders or optional emails from Òwe? Unsubscribe',
} as const

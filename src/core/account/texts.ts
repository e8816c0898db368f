/** Our own account messages (the spec gives none for these), said the same by the app and the server. */
export const ACCOUNT_TEXTS = {
  emailTaken: 'An account with this email already exists.',
  phoneTaken: 'An account with this phone number already exists.',
  promoInvalid: 'This promo code is not valid.',
  chooseLanguages: 'Choose languages from the list.',
  linkInvalid: 'This link is not valid.',
  linkMissingToken: 'The link is missing its token.',
  deviceTokenText: 'device_token must be text.',
  deviceTokenLong: 'device_token is too long.',
  passwordRules: 'At least 8 characters, with a capital letter and one of !@#$%^&*()_+{}[]:;<>,.?~',
} as const

/** What the sign-up, sign-in and password calls answer. */
export const AUTH_TEXTS = {
  registered: 'Your account has been created. Check your email for the link that activates it.',
  activationSent: 'If that address has an account waiting for activation, a new link is on its way. Check your email.',
  activated: 'Your account is active. You can sign in now.',
  resetRequested: 'If an account exists for that email, a link to reset its password is on its way. Check your email.',
  passwordReset: 'Your password has been changed. Sign in with your new password.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  signedOut: 'You have signed out.',
  badCredentials: 'Incorrect email or password.',
  notActivated: 'Your account is not activated yet. Check your email for the activation link, or send a new one.',
  wrongOldPassword: 'The old password is not correct.',
} as const

/** An emailed link: what it is for. */
export type TokenPurpose = 'activate' | 'reset'

const LINK_NOUN: Record<TokenPurpose, string> = { activate: 'activation link', reset: 'password reset link' }

/** An emailed link that cannot be used. */
export const TOKEN_TEXTS = {
  invalid: (purpose: TokenPurpose) => `This ${LINK_NOUN[purpose]} is not valid. Ask for a new one.`,
  expired: (purpose: TokenPurpose) => `This ${LINK_NOUN[purpose]} has expired. Ask for a new one.`,
  used: (purpose: TokenPurpose) =>
    purpose === 'activate'
      ? 'This activation link has already been used. If your account is active, sign in; otherwise ask for a new link.'
      : 'This password reset link has already been used. Ask for a new one.',
}

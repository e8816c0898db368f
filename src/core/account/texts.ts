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

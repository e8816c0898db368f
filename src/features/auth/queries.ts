/** Sign-up's live field checks and the emailed links (activation, password reset): public, not under a user. */
export const authKeys = {
  liveCheck: (kind: 'email' | 'phone' | 'promo', value: string) => ['live-check', kind, value] as const,
  resetToken: (token: string) => ['reset-token', token] as const,
  activation: (token: string) => ['activate', token] as const,
}

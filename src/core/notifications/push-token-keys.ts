/**
 * The push token is kept in local storage under this key once the server has saved it
 * (docs/requirements.md#r7-notifications-and-push).
 */
export const FCM_TOKEN_KEY = 'fcm_token'
/** Whose account the stored token was saved for: another user signing in here saves it again for them. */
export const FCM_TOKEN_USER_KEY = 'fcm_token_user'

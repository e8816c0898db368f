import { firebaseConfig } from '@/core/notifications/firebase-config'

/** The app's build-time configuration, read once. Only public values belong here. */
export const env = {
  /** Where the API lives; empty means the same origin that served the app. */
  apiBase: (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, ''),
  production: import.meta.env.PROD,
  firebase: firebaseConfig({
    VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY,
    VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID,
    VITE_FIREBASE_MESSAGING_SENDER_ID: import.meta.env.VITE_FIREBASE_MESSAGING_SENDER_ID,
    VITE_FIREBASE_APP_ID: import.meta.env.VITE_FIREBASE_APP_ID,
    VITE_FIREBASE_VAPID_KEY: import.meta.env.VITE_FIREBASE_VAPID_KEY,
  }),
} as const

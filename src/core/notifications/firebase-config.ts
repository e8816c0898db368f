/** The Firebase web app's public configuration and the VAPID key, when push is set up. */
export type FirebaseWebConfig = {
  apiKey: string
  projectId: string
  messagingSenderId: string
  appId: string
  vapidKey: string
}

/**
 * Push is on only when every public value is there; otherwise the app hides the push switch and the
 * worker does not load Firebase. Read by the page (src/lib/env.ts) and the worker from the build's
 * VITE_FIREBASE_* values.
 */
export function firebaseConfig(values: Record<string, string | undefined>): FirebaseWebConfig | null {
  const config = {
    apiKey: values.VITE_FIREBASE_API_KEY?.trim() ?? '',
    projectId: values.VITE_FIREBASE_PROJECT_ID?.trim() ?? '',
    messagingSenderId: values.VITE_FIREBASE_MESSAGING_SENDER_ID?.trim() ?? '',
    appId: values.VITE_FIREBASE_APP_ID?.trim() ?? '',
    vapidKey: values.VITE_FIREBASE_VAPID_KEY?.trim() ?? '',
  }
  return Object.values(config).every(Boolean) ? config : null
}

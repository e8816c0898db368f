/** The app's build-time configuration, read once. Only public values belong here. */
export const env = {
  /** Where the API lives; empty means the same origin that served the app. */
  apiBase: (import.meta.env.VITE_API_BASE ?? '').replace(/\/$/, ''),
  production: import.meta.env.PROD,
} as const

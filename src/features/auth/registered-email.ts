const KEY = 'owe:registered-email'

/** The address just registered, so /register_payment_success can offer to resend its mail after a reload. */
export function rememberRegisteredEmail(email: string): void {
  try {
    sessionStorage.setItem(KEY, email)
  } catch {
    // Without storage the page asks for the address instead.
  }
}

export function registeredEmail(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Drafts of what was typed into a form, kept in session storage so that a session ending mid-edit
 * loses nothing: after signing in again the form comes back as it was. Passwords are never kept.
 */
const PREFIX = 'owe:draft:'
const SECRET = /password/i

export function readDraft<V extends object>(key: string | undefined, initial: V): V {
  if (!key) return initial
  try {
    const saved = JSON.parse(sessionStorage.getItem(PREFIX + key) ?? 'null') as Partial<V> | null
    return saved ? { ...initial, ...saved } : initial
  } catch {
    return initial
  }
}

export function writeDraft(key: string, values: object): void {
  try {
    const kept = Object.fromEntries(Object.entries(values).filter(([name]) => !SECRET.test(name)))
    sessionStorage.setItem(PREFIX + key, JSON.stringify(kept))
  } catch {
    // Storage may be full or disabled: the form still works, only the draft is not kept.
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key)
  } catch {
    // nothing kept, nothing to clear
  }
}

/** At a deliberate logout nothing typed stays behind for the next person at this browser. */
export function clearAllDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key)
  } catch {
    // nothing kept, nothing to clear
  }
}

import { useCallback, useState } from 'react'
import { errorMessage } from '@/components/query-state'

export type Said = { kind: 'success' | 'error'; text: string } | null

/**
 * What the last action came to, in a polite live region that is always in the page (a region added
 * together with its text is often not read out).
 */
export function useStatus() {
  const [said, setSaid] = useState<Said>(null)
  const success = useCallback((text: string) => setSaid({ kind: 'success', text }), [])
  const failure = useCallback((error: unknown) => setSaid({ kind: 'error', text: errorMessage(error) }), [])
  const clear = useCallback(() => setSaid(null), [])
  return { said, success, failure, clear }
}

export function Status({ said }: { said: Said }) {
  return (
    <div className="admin-status" role="status" aria-live="polite">
      {said && <p className={`notice ${said.kind === 'error' ? 'notice--error' : 'notice--success'}`}>{said.text}</p>}
    </div>
  )
}

import { useOptimistic, useTransition } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { DECK_BUTTON_TEXTS } from '@/core/learning/deck-texts'
import { addToDeck, removeFromDeck, useInDeck } from '@/lib/learning'
import { useSession } from '@/lib/session'

/**
 * A proverb's place in the reader's Learn deck, on its page: "Add to deck", or "In your deck — remove". The
 * change is the device's (its log, synced later), so it works offline; `onDone` hears what to say of it. A
 * visitor is offered to sign in (as "Sign in to like" does), and comes back to the proverb.
 */
export function DeckButton({ proverbId, onDone }: { proverbId: number; onDone: (message: string) => void }) {
  const signedIn = useSession() !== null
  const navigate = useNavigate()
  const location = useLocation()
  if (!signedIn) {
    return (
      <button type="button" className="button" onClick={() => navigate('/auth/login', { state: { from: location } })}>
        {DECK_BUTTON_TEXTS.signIn}
      </button>
    )
  }
  return <DeckToggle proverbId={proverbId} onDone={onDone} />
}

function DeckToggle({ proverbId, onDone }: { proverbId: number; onDone: (message: string) => void }) {
  const inDeck = useInDeck(proverbId)
  const [pending, startTransition] = useTransition()
  // What the reader asked for shows at once, until the device's answer comes.
  const [shown, setShown] = useOptimistic(inDeck)
  const change = () =>
    startTransition(async () => {
      const add = !inDeck
      setShown(add)
      try {
        await (add ? addToDeck([proverbId]) : removeFromDeck(proverbId))
        onDone(add ? DECK_BUTTON_TEXTS.added : DECK_BUTTON_TEXTS.removed)
      } catch {
        onDone(DECK_BUTTON_TEXTS.failed)
      }
    })
  return (
    <button
      type="button"
      className="button deck-button"
      // Until the device has said whether it is in the deck, there is nothing to change.
      disabled={inDeck === undefined || pending}
      aria-busy={pending}
      onClick={change}
    >
      {shown ? DECK_BUTTON_TEXTS.inDeck : DECK_BUTTON_TEXTS.add}
    </button>
  )
}

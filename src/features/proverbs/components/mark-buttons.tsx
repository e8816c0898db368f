import { useCallback, useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { resumeAfterSignIn } from '@/core/shared/constants'
import { useMarks } from '@/entities/marks/queries'
import { useToggleFavourite } from '../mutations'

/** A visitor's tap on a mark: the sign-in page, which brings them back here (with the heart to add, if one). */
export function useSignInFirst(favourite?: number) {
  const navigate = useNavigate()
  const location = useLocation()
  return () => navigate('/auth/login', { state: { from: location, favourite } })
}

/** The heart a visitor tapped before signing in is added once they are back, signed in (once: the state is cleared). */
function useFavouriteAfterSignIn(proverbId: number, on: boolean | undefined, add: () => void) {
  const navigate = useNavigate()
  const location = useLocation()
  const asked = resumeAfterSignIn(location.state)?.favourite === proverbId
  useEffect(() => {
    if (!asked || on === undefined) return
    if (!on) add()
    navigate(location, { replace: true, state: { resumedAfterSignIn: true } })
  }, [asked, on, add, navigate, location])
}

/** The heart on every proverb: a toggle for signed-in users, a way to sign in for visitors. */
export function FavouriteButton({ proverbId, label }: { proverbId: number; label: string }) {
  const { signedIn, marks } = useMarks()
  const toggle = useToggleFavourite()
  const signInFirst = useSignInFirst(proverbId)
  const on = Boolean(marks?.favourites.includes(proverbId))
  const { mutate } = toggle
  useFavouriteAfterSignIn(
    proverbId,
    signedIn && marks ? on : undefined,
    useCallback(() => mutate({ proverbId, on: true }), [mutate, proverbId]),
  )
  if (!signedIn) {
    return (
      <button type="button" className="mark-button" onClick={signInFirst} aria-label={`Sign in to add “${label}” to your favourites`}>
        <span aria-hidden="true">♡</span>
      </button>
    )
  }
  return (
    <button
      type="button"
      className="mark-button"
      aria-pressed={on}
      aria-label={`Favourite: ${label}`}
      title={on ? 'Remove from favourites' : 'Add to favourites'}
      onClick={() => toggle.mutate({ proverbId, on: !on })}
    >
      <span aria-hidden="true">{on ? '♥' : '♡'}</span>
    </button>
  )
}

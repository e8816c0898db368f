import { useLocation, useNavigate } from 'react-router-dom'
import { formatThousands } from '@/core/format'
import { useMarks, useToggleFavourite, useToggleLike } from '../marks'

function useSignInFirst() {
  const navigate = useNavigate()
  const location = useLocation()
  return () => navigate('/auth/login', { state: { from: location } })
}

/** The heart on every proverb: a toggle for signed-in users, a way to sign in for visitors. */
export function FavouriteButton({ proverbId, label }: { proverbId: number; label: string }) {
  const { signedIn, marks } = useMarks()
  const toggle = useToggleFavourite()
  const signInFirst = useSignInFirst()
  const on = Boolean(marks?.favourites.includes(proverbId))
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

/** Likes feed trending; the count shown moves with the user's own like at once. */
export function LikeButton({ proverbId, likes }: { proverbId: number; likes: number }) {
  const { signedIn, marks } = useMarks()
  const toggle = useToggleLike()
  const signInFirst = useSignInFirst()
  const on = Boolean(marks?.likes.includes(proverbId))
  const shown = toggle.isPending && toggle.variables?.proverbId === proverbId ? likes + (toggle.variables.on ? 1 : -1) : likes
  return (
    <button
      type="button"
      className="button"
      aria-pressed={signedIn ? on : undefined}
      onClick={signedIn ? () => toggle.mutate({ proverbId, on: !on }) : signInFirst}
    >
      {signedIn ? (on ? 'Liked' : 'Like') : 'Sign in to like'}{' '}
      <span className="tag tag--muted">
        {formatThousands(Math.max(0, shown))}
        <span className="visually-hidden"> {shown === 1 ? 'like' : 'likes'}</span>
      </span>
    </button>
  )
}

import { formatThousands } from '@/core/shared/format'
import { useMarks } from '@/entities/marks/queries'
import { useToggleLike } from '../mutations'
import { useSignInFirst } from './mark-buttons'

/** Likes feed trending; the count (the cached proverb's, moved by the like at once) follows the user's own like. */
export function LikeButton({ proverbId, likes }: { proverbId: number; likes: number }) {
  const { signedIn, marks } = useMarks()
  const toggle = useToggleLike()
  const signInFirst = useSignInFirst()
  const on = Boolean(marks?.likes.includes(proverbId))
  return (
    <button
      type="button"
      className="button"
      aria-pressed={signedIn ? on : undefined}
      onClick={signedIn ? () => toggle.mutate({ proverbId, on: !on }) : signInFirst}
    >
      {signedIn ? (on ? 'Liked' : 'Like') : 'Sign in to like'}{' '}
      <span className="tag tag--muted">
        {formatThousands(Math.max(0, likes))}
        <span className="visually-hidden"> {likes === 1 ? 'like' : 'likes'}</span>
      </span>
    </button>
  )
}

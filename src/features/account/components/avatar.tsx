import '../account-menu.css'
import { useQuery } from '@tanstack/react-query'
import { initials } from '@/core/shared/format'
import { useSession } from '@/lib/session'
import { personalInfoQuery, usePictureUrl } from '../queries'

/**
 * The user's picture, or their initials (first letters of firstName and lastName, uppercased), cleared when there is no
 * user or no personal info (docs/requirements.md#r4-profile).
 */
export function Avatar({ userId, size = 36 }: { userId: number | undefined; size?: number }) {
  const picture = usePictureUrl(userId)
  const info = useQuery({ ...personalInfoQuery(userId ?? 0), enabled: userId !== undefined })
  // Offline before the personal info was ever loaded, the session's own name gives the initials.
  const session = useSession()
  const own = session?.user.id === userId ? session?.user : undefined
  const letters =
    userId === undefined ? '' : initials(info.data?.content.firstName ?? own?.firstName, info.data?.content.lastName ?? own?.lastName)
  const style = { width: size, height: size }
  if (picture) return <img className="avatar" src={picture} alt="" width={size} height={size} style={style} />
  return (
    <span className="avatar avatar--initials" style={style} aria-hidden="true" data-testid="avatar-initials">
      {letters}
    </span>
  )
}

import { useQuery } from '@tanstack/react-query'
import { initials } from '@/core/format'
import { personalInfoQuery, usePictureUrl } from '../queries'

/**
 * The user's picture, or their initials (spec §3: first letters of firstName and lastName, uppercased),
 * cleared when there is no user or no personal info (spec §4).
 */
export function Avatar({ userId, size = 36 }: { userId: number | undefined; size?: number }) {
  const picture = usePictureUrl(userId)
  const info = useQuery({ ...personalInfoQuery(userId ?? 0), enabled: userId !== undefined })
  const letters = userId === undefined ? '' : initials(info.data?.content.firstName, info.data?.content.lastName)
  const style = { width: size, height: size }
  if (picture) return <img className="avatar" src={picture} alt="" width={size} height={size} style={style} />
  return (
    <span className="avatar avatar--initials" style={style} aria-hidden="true" data-testid="avatar-initials">
      {letters}
    </span>
  )
}

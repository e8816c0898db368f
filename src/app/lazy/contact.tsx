import { useQuery } from '@tanstack/react-query'
import { fullProfileQuery } from '@/features/account/queries'
import { ContactRoute } from '@/features/community/routes/contact'
import { useSession } from '@/lib/session'

/** Contact fills in what the signed-in reader's profile knows; the app hands it over (features never import each other). */
function useProfile() {
  const session = useSession()
  return useQuery({ ...fullProfileQuery(session?.user.id ?? 0), enabled: Boolean(session) })
}

export default function ContactPage() {
  return <ContactRoute useProfile={useProfile} />
}

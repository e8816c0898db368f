import { useQuery } from '@tanstack/react-query'
import { SignupRoute } from '@/features/auth/routes/signup'
import { groupsQuery } from '@/features/proverbs/queries'
import { plansQuery } from '@/features/subscriptions/queries'

const usePlans = () => useQuery(plansQuery())
const useGroups = () => useQuery(groupsQuery())

/** The wizard offers the plans and the groups; the app hands them over (features never import each other). */
export default function SignupPage() {
  return <SignupRoute usePlans={usePlans} useGroups={useGroups} />
}

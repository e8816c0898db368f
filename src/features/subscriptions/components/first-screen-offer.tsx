import { useSession } from '@/lib/session'
import { PlanToPay } from './plan-to-pay'

/** The first screen after a sign-in offers to finish paying for the plan chosen at sign-up (the layout loads this lazily). */
export default function FirstScreenOffer() {
  const userId = useSession()?.user.id
  return userId === undefined ? null : <PlanToPay key={userId} userId={userId} variant="bar" />
}

import { useQuery } from '@tanstack/react-query'
import { AddProverbRoute } from '@/features/community/routes/add-proverb'
import { categoriesQuery, groupsQuery } from '@/features/proverbs/queries'

const useGroups = () => useQuery(groupsQuery())
const useCategories = () => useQuery(categoriesQuery())

/** The suggestion form offers the groups and categories; the app hands them over (features never import each other). */
export default function AddProverbPage() {
  return <AddProverbRoute useGroups={useGroups} useCategories={useCategories} />
}

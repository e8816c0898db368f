import { useQuery } from '@tanstack/react-query'
import { RequireAdmin } from '@/features/admin/components/require-admin'
import { GroupsProvider } from '@/features/admin/components/groups'
import { AdminConsole } from '@/features/admin/routes/console'
import { groupsQuery } from '@/features/proverbs/queries'

const useGroups = () => useQuery(groupsQuery())

/** /admin/*: the operators' console, for operators only; the app hands it the groups (features never import each other). */
export default function AdminPage() {
  return (
    <RequireAdmin>
      <GroupsProvider useGroups={useGroups}>
        <AdminConsole />
      </GroupsProvider>
    </RequireAdmin>
  )
}

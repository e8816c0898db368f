import { RequireAdmin } from '@/features/admin/components/require-admin'
import { AdminConsole } from '@/features/admin/routes/console'

/** /admin/*: the admins' console, for admins only. */
export default function AdminPage() {
  return (
    <RequireAdmin>
      <AdminConsole />
    </RequireAdmin>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useAdminId } from '@/entities/admin/queries'
import { SearchFilters, TextFilter } from '../components/filters'
import { ListSection } from '../components/list-section'
import { ADMIN_PAGE_SIZE, formatWhen, useListParams } from '../components/paged'
import { usersQuery } from '../queries'

/** /admin/users?q=: accounts, found by name or email, with their plan. */
export default function UsersSection() {
  const { params, page, set } = useListParams()
  const q = params.get('q') ?? ''
  const list = useQuery(usersQuery(useAdminId(), { q: q || undefined, page, size: ADMIN_PAGE_SIZE }))
  return (
    <ListSection
      title="Users"
      above={
        <SearchFilters label="Find users" onFind={set}>
          <TextFilter label="Name or email" name="q" value={q} />
        </SearchFilters>
      }
      list={{ query: list, noun: 'users', empty: q ? 'Nobody matches' : 'No users yet' }}
      caption={`Users${q ? ` matching “${q}”` : ''}`}
      columns={[
        { header: 'Name', cell: (user) => `${user.firstName} ${user.lastName}` },
        { header: 'Email', cell: (user) => user.email },
        { header: 'Role', cell: (user) => (user.role === 'admin' ? 'Admin' : 'Reader') },
        { header: 'Activated', cell: (user) => (user.activated ? 'Yes' : 'No') },
        {
          header: 'Plan',
          cell: ({ activePackage: plan }) =>
            plan ? `${plan.plan} until ${formatWhen(plan.expiresAt)}${plan.autoRenew ? ', renews' : ''}` : 'None',
        },
        { header: 'Joined', cell: (user) => formatWhen(user.createdAt) },
      ]}
    />
  )
}

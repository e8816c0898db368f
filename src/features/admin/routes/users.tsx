import { useQuery } from '@tanstack/react-query'
import { ADMIN_PAGE_SIZE, formatWhen, PagedResult, useListParams } from '../components/paged'
import { usersQuery, useOperatorId } from '../queries'

/** /admin/users?q=: accounts, found by name or email, with their plan. */
export default function UsersSection() {
  const { params, page, set } = useListParams()
  const q = params.get('q') ?? ''
  const list = useQuery(usersQuery(useOperatorId(), { q: q || undefined, page, size: ADMIN_PAGE_SIZE }))
  return (
    <section aria-labelledby="users-title" className="admin-section">
      <h2 id="users-title">Users</h2>
      <form
        className="admin-filters"
        role="search"
        aria-label="Find users"
        onSubmit={(event) => {
          event.preventDefault()
          set({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() })
        }}
      >
        <label>
          Name or email
          <input name="q" type="search" defaultValue={q} />
        </label>
        <button type="submit" className="button">
          Find
        </button>
      </form>
      <PagedResult query={list} noun="users" empty={q ? 'Nobody matches' : 'No users yet'} onPage={(next) => set({ page: next })}>
        {(rows) => (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Users{q ? ` matching “${q}”` : ''}</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Activated</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Joined</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((user) => (
                  <tr key={user.id}>
                    <th scope="row">
                      {user.firstName} {user.lastName}
                    </th>
                    <td>{user.email}</td>
                    <td>{user.role === 'admin' ? 'Operator' : 'Reader'}</td>
                    <td>{user.activated ? 'Yes' : 'No'}</td>
                    <td>
                      {user.activePackage
                        ? `${user.activePackage.plan} until ${formatWhen(user.activePackage.expiresAt)}${user.activePackage.autoRenew ? ', renews' : ''}`
                        : 'None'}
                    </td>
                    <td>{formatWhen(user.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedResult>
    </section>
  )
}

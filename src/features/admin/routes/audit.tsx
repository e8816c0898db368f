import { useQuery } from '@tanstack/react-query'
import { ADMIN_PAGE_SIZE, formatWhen, PagedResult, useListParams } from '../components/paged'
import { auditQuery, useOperatorId } from '../queries'

/** /admin/audit: what operators changed, newest first. */
export default function AuditSection() {
  const { page, set } = useListParams()
  const list = useQuery(auditQuery(useOperatorId(), { page, size: ADMIN_PAGE_SIZE }))
  return (
    <section aria-labelledby="audit-title" className="admin-section">
      <h2 id="audit-title">Audit log</h2>
      <PagedResult query={list} noun="entries" empty="Nothing recorded yet" onPage={(next) => set({ page: next })}>
        {(rows) => (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Operators’ actions, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">On</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row">{formatWhen(entry.createdAt)}</th>
                    <td>{entry.actor?.email ?? 'The system'}</td>
                    <td className="admin-code">{entry.action}</td>
                    <td>{entry.targetType ? `${entry.targetType}${entry.targetId ? ` #${entry.targetId}` : ''}` : '—'}</td>
                    <td className="admin-clip">{entry.detail ?? '—'}</td>
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

import { useQuery } from '@tanstack/react-query'
import { ListSection } from '../components/list-section'
import { ADMIN_PAGE_SIZE, formatWhen, useListParams } from '../components/paged'
import { auditQuery, useOperatorId } from '../queries'

/** /admin/audit: what operators changed, newest first. */
export default function AuditSection() {
  const { page } = useListParams()
  const list = useQuery(auditQuery(useOperatorId(), { page, size: ADMIN_PAGE_SIZE }))
  return (
    <ListSection
      title="Audit log"
      list={{ query: list, noun: 'entries', empty: 'Nothing recorded yet' }}
      caption="Operators’ actions, newest first"
      columns={[
        { header: 'When', cell: (entry) => formatWhen(entry.createdAt) },
        { header: 'Who', cell: (entry) => entry.actor?.email ?? 'The system' },
        { header: 'Action', cell: (entry) => entry.action, className: 'admin-code' },
        { header: 'On', cell: (entry) => (entry.targetType ? `${entry.targetType}${entry.targetId ? ` #${entry.targetId}` : ''}` : '—') },
        { header: 'Detail', cell: (entry) => entry.detail ?? '—', className: 'admin-clip' },
      ]}
    />
  )
}

import { useQuery } from '@tanstack/react-query'
import type { AuditEntry } from '@/core/admin/contract'
import { useAdminId } from '@/entities/admin/queries'
import { describeAuditDetail } from '../audit-detail'
import { ListSection } from '../components/list-section'
import { ADMIN_PAGE_SIZE, formatWhen, useListParams } from '../components/paged'
import { auditQuery } from '../queries'

/** What changed, one line per field ("Status: pending → approved"). */
function Changes({ entry }: { entry: AuditEntry }) {
  const lines = describeAuditDetail(entry.action, entry.detail)
  if (lines.length === 0) return <>—</>
  return (
    <ul className="admin-changes">
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  )
}

/** /admin/audit: what admins changed, newest first. */
export default function AuditSection() {
  const { page } = useListParams()
  const list = useQuery(auditQuery(useAdminId(), { page, size: ADMIN_PAGE_SIZE }))
  return (
    <ListSection
      title="Audit log"
      list={{ query: list, noun: 'entries', empty: 'Nothing recorded yet' }}
      caption="Admins’ actions, newest first"
      columns={[
        // What was done and what changed come first: on a phone they are what shows before scrolling sideways.
        { header: 'When', cell: (entry) => formatWhen(entry.createdAt) },
        { header: 'Action', cell: (entry) => entry.action, className: 'admin-code' },
        { header: 'Changes', cell: (entry) => <Changes entry={entry} /> },
        { header: 'On', cell: (entry) => (entry.targetType ? `${entry.targetType}${entry.targetId ? ` #${entry.targetId}` : ''}` : '—') },
        { header: 'Who', cell: (entry) => entry.actor?.email ?? 'The system' },
      ]}
    />
  )
}

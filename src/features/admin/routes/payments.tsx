import { useQuery } from '@tanstack/react-query'
import type { AdminPayment } from '@/core/admin/contract'
import { useAdminId } from '@/entities/admin/queries'
import { Filters, SelectFilter } from '../components/filters'
import { ListSection } from '../components/list-section'
import { ADMIN_PAGE_SIZE, formatWhen, useListParams } from '../components/paged'
import { paymentsQuery } from '../queries'

const STATUSES: AdminPayment['status'][] = ['pending', 'success', 'failed', 'abandoned']
const isStatus = (value: string | null): value is AdminPayment['status'] => STATUSES.includes(value as AdminPayment['status'])
const money = (amount: number, currency: AdminPayment['currency']) =>
  new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount)

/** /admin/payments?status=: every payment, newest first. */
export default function PaymentsSection() {
  const { params, page, set } = useListParams()
  const statusParam = params.get('status')
  const status = isStatus(statusParam) ? statusParam : undefined
  const list = useQuery(paymentsQuery(useAdminId(), { status, page, size: ADMIN_PAGE_SIZE }))
  return (
    <ListSection
      title="Payments"
      above={
        <Filters>
          <SelectFilter
            label="Status"
            value={status ?? ''}
            any="Any"
            onChoose={(chosen) => set({ status: chosen })}
            options={STATUSES.map((s) => ({ value: s, label: s[0].toUpperCase() + s.slice(1) }))}
          />
        </Filters>
      }
      list={{ query: list, noun: 'payments', empty: 'No payments' }}
      caption={`Payments${status ? ` (${status})` : ''}, newest first`}
      rowKey={(payment) => payment.reference}
      columns={[
        { header: 'Reference', cell: (payment) => payment.reference, className: 'admin-code' },
        { header: 'Who', cell: (payment) => payment.userEmail },
        { header: 'Plan', cell: (payment) => payment.planName },
        { header: 'Amount', cell: (payment) => money(payment.amount, payment.currency) },
        { header: 'Status', cell: (payment) => payment.status },
        { header: 'For', cell: (payment) => (payment.purpose === 'renewal' ? 'Renewal' : 'Subscription') },
        { header: 'Provider', cell: (payment) => payment.provider },
        { header: 'When', cell: (payment) => formatWhen(payment.createdAt) },
      ]}
    />
  )
}

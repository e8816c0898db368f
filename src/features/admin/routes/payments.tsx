import { useQuery } from '@tanstack/react-query'
import type { AdminPayment } from '@/core/admin-contract'
import { ADMIN_PAGE_SIZE, formatWhen, PagedResult, useListParams } from '../components/paged'
import { paymentsQuery, useOperatorId } from '../queries'

const STATUSES: AdminPayment['status'][] = ['pending', 'success', 'failed', 'abandoned']
const isStatus = (value: string | null): value is AdminPayment['status'] => STATUSES.includes(value as AdminPayment['status'])
const money = (amount: number, currency: AdminPayment['currency']) =>
  new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount)

/** /admin/payments?status=: every payment, newest first. */
export default function PaymentsSection() {
  const { params, page, set } = useListParams()
  const statusParam = params.get('status')
  const status = isStatus(statusParam) ? statusParam : undefined
  const list = useQuery(paymentsQuery(useOperatorId(), { status, page, size: ADMIN_PAGE_SIZE }))
  return (
    <section aria-labelledby="payments-title" className="admin-section">
      <h2 id="payments-title">Payments</h2>
      <div className="admin-filters">
        <label>
          Status
          <select value={status ?? ''} onChange={(event) => set({ status: event.target.value })}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0].toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedResult query={list} noun="payments" empty="No payments" onPage={(next) => set({ page: next })}>
        {(rows) => (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Payments{status ? ` (${status})` : ''}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Reference</th>
                  <th scope="col">Who</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">For</th>
                  <th scope="col">Provider</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((payment) => (
                  <tr key={payment.reference}>
                    <th scope="row" className="admin-code">
                      {payment.reference}
                    </th>
                    <td>{payment.userEmail}</td>
                    <td>{payment.planName}</td>
                    <td>{money(payment.amount, payment.currency)}</td>
                    <td>{payment.status}</td>
                    <td>{payment.purpose === 'renewal' ? 'Renewal' : 'Subscription'}</td>
                    <td>{payment.provider}</td>
                    <td>{formatWhen(payment.createdAt)}</td>
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

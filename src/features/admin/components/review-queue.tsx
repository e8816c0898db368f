import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Paginated } from '@/core/http/contract'
import { Tabs } from '@/components/tabs'
import { AdminSection } from './list-section'
import { ListResult, useListParams } from './paged'
import { useStatus } from './status'

type Tab<S extends string> = { id: S; label: string; empty: string }

/**
 * A section of things readers sent that wait for an admin's verdict (suggestions, corrections): tabs by
 * status in the address (`?status=`, pending by default), the pending ones as cards to act on, the reviewed
 * ones as a table. A verdict's confirmation goes to the section's live region.
 */
export function ReviewQueue<Row extends { id: number }, S extends string>({
  title,
  noun,
  tabs,
  useList,
  pending,
  reviewed,
}: {
  title: string
  /** "suggestions", "corrections": named in the tabs' label and the loading and error states. */
  noun: string
  /** The first tab is the pending one. */
  tabs: readonly [Tab<S>, ...Tab<S>[]]
  useList: (status: S, page: number) => UseQueryResult<Paginated<Row>>
  pending: (row: Row, onDone: (text: string) => void) => ReactNode
  reviewed: (rows: Row[], status: S) => ReactNode
}) {
  const { params, page, set } = useListParams()
  const first = tabs[0].id
  const status = tabs.find((tab) => tab.id === params.get('status'))?.id ?? first
  const list = useList(status, page)
  const { said, success } = useStatus()
  const empty = tabs.find((tab) => tab.id === status)!.empty
  return (
    <AdminSection title={title} said={said}>
      <Tabs
        label={`Which ${noun}`}
        idPrefix={noun}
        tabs={tabs}
        selected={status}
        onSelect={(tab) => set({ status: tab === first ? null : tab })}
      >
        <ListResult list={{ query: list, noun, empty }}>
          {(rows) =>
            status === first ? (
              <ol className="admin-cards">
                {rows.map((row) => (
                  <li key={row.id}>{pending(row, success)}</li>
                ))}
              </ol>
            ) : (
              reviewed(rows, status)
            )
          }
        </ListResult>
      </Tabs>
    </AdminSection>
  )
}

import { useId, type ReactNode } from 'react'
import { DataTable, ListResult, type Column, type ListSpec, type RowKey } from './paged'
import { Status, type Said } from './status'

/**
 * A console section: a region named by its heading (the journeys find each section by it), and, for a
 * section whose actions say what they came to, the live line for that.
 */
export function AdminSection({ title, said, children }: { title: string; said?: Said; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="admin-section">
      <h2 id={id}>{title}</h2>
      {said !== undefined && <Status said={said} />}
      {children}
    </section>
  )
}

type TableProps<T> = { list: ListSpec<T>; caption: ReactNode; columns: Column<T>[]; rowKey?: (row: T) => string | number }

/** A list as a table: loading, error, empty, or the rows and their pages. */
export function ListTable<T>({ list, caption, columns, rowKey }: TableProps<T> & RowKey<T>) {
  return <ListResult list={list}>{(rows) => <DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} />}</ListResult>
}

/**
 * The shape most sections share: heading and status, what goes above the list (filters, an editor), the
 * list as a table, and what goes below it (an editor, an upload).
 */
export function ListSection<T>(props: TableProps<T> & RowKey<T> & { title: string; said?: Said; above?: ReactNode; children?: ReactNode }) {
  const { title, said, above, children, list, caption, columns, rowKey } = props
  return (
    <AdminSection title={title} said={said}>
      {above}
      <ListResult list={list}>{(rows) => <DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} />}</ListResult>
      {children}
    </AdminSection>
  )
}

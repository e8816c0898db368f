import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminProverb } from '@/core/admin-contract'
import { ADMIN_TEXTS } from '@/core/admin-texts'
import { Form } from '@/components/form'
import { createProverb, deleteProverb, updateProverb } from '../api'
import { ConfirmButton } from '../components/confirm-button'
import { Editor } from '../components/editor'
import { groupName, useGroups } from '../components/groups'
import { ADMIN_PAGE_SIZE, PagedResult, useListParams } from '../components/paged'
import { ProverbFields, toProverbInput, type ProverbFormValues } from '../components/proverb-fields'
import { Status, useStatus } from '../components/status'
import { proverbsQuery, useAdminMutation, useOperatorId } from '../queries'
import { proverbSchema } from '../schemas'

const EMPTY: ProverbFormValues = { proverb: '', transliteration: '', interpretation: '', ethnicGroupId: '', categoryIds: [] }

/** /admin/proverbs?q=&ethnic=&page=: the corpus, searched by text and group; add, correct, remove. */
export default function ProverbsSection() {
  const userId = useOperatorId()
  const groups = useGroups()
  const { params, page, set } = useListParams()
  const q = params.get('q') ?? ''
  const ethnic = params.get('ethnic') ?? ''
  const list = useQuery(proverbsQuery(userId, { q: q || undefined, ethnic: ethnic || undefined, page, size: ADMIN_PAGE_SIZE }))
  const [editing, setEditing] = useState<AdminProverb | null>(null)
  const { said, success, failure } = useStatus()
  const save = useAdminMutation(['proverbs', 'categories'], (values: ProverbFormValues) =>
    editing ? updateProverb(editing.id, toProverbInput(values)) : createProverb(toProverbInput(values)),
  )
  const remove = useAdminMutation(['proverbs', 'categories'], (proverb: AdminProverb) => deleteProverb(proverb.id))

  return (
    <section aria-labelledby="proverbs-title" className="admin-section">
      <h2 id="proverbs-title">Proverbs</h2>
      <Status said={said} />
      <form
        className="admin-filters"
        role="search"
        aria-label="Find proverbs"
        onSubmit={(event) => {
          event.preventDefault()
          const data = new FormData(event.currentTarget)
          set({ q: String(data.get('q') ?? '').trim(), ethnic: String(data.get('ethnic') ?? '') })
        }}
      >
        <label>
          Text
          <input name="q" type="search" defaultValue={q} />
        </label>
        <label>
          Group
          <select name="ethnic" defaultValue={ethnic}>
            <option value="">All groups</option>
            {(groups.data ?? []).map((group) => (
              <option key={group.id} value={group.slug}>
                {group.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Find
        </button>
      </form>
      <PagedResult query={list} noun="proverbs" empty={q || ethnic ? 'No proverb matches' : 'No proverbs yet'} onPage={(next) => set({ page: next })}>
        {(rows) => (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Proverbs{q ? ` matching “${q}”` : ''}</caption>
              <thead>
                <tr>
                  <th scope="col">Proverb</th>
                  <th scope="col">English</th>
                  <th scope="col">Group</th>
                  <th scope="col">Source</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((proverb) => (
                  <tr key={proverb.id}>
                    <th scope="row">{proverb.proverb}</th>
                    <td className="admin-clip">{proverb.transliteration}</td>
                    <td>{groupName(groups.data, proverb.ethnicGroupId)}</td>
                    <td>{proverb.source}</td>
                    <td className="admin-actions">
                      <button type="button" className="button button--small" onClick={() => setEditing(proverb)}>
                        Edit<span className="visually-hidden"> “{proverb.proverb}”</span>
                      </button>
                      <ConfirmButton
                        label={<>Delete<span className="visually-hidden"> “{proverb.proverb}”</span></>}
                        question={`Delete “${proverb.proverb}”? Readers' favourites and likes of it go too.`}
                        confirmLabel="Delete"
                        busy={remove.isPending}
                        onConfirm={() => remove.mutate(proverb, { onSuccess: () => success(ADMIN_TEXTS.deleted), onError: failure })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedResult>
      <Editor editing={editing} title={editing ? `Edit “${editing.proverb}”` : 'Add a proverb'}>
        <Form<ProverbFormValues>
          key={editing?.id ?? 'new'}
          schema={proverbSchema}
          initialValues={editing ? { ...editing, categoryIds: editing.categoryIds } : EMPTY}
          label={editing ? 'Edit the proverb' : 'Add a proverb'}
          submitLabel={editing ? 'Save the proverb' : 'Add the proverb'}
          resetOnSuccess
          onSubmit={async (values) => {
            await save.mutateAsync(values)
            setEditing(null)
            success(ADMIN_TEXTS.saved)
          }}
          footer={
            editing && (
              <button type="button" className="button" onClick={() => setEditing(null)}>
                Cancel
              </button>
            )
          }
        >
          <ProverbFields />
        </Form>
      </Editor>
    </section>
  )
}

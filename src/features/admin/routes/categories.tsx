import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminCategory } from '@/core/admin-contract'
import { ADMIN_TEXTS } from '@/core/admin-texts'
import { formatThousands } from '@/core/format'
import { Form, TextField } from '@/components/form'
import { EmptyState } from '@/components/query-state'
import { createCategory, deleteCategory, updateCategory } from '../api'
import { ConfirmButton } from '../components/confirm-button'
import { Editor } from '../components/editor'
import { ListState } from '../components/paged'
import { Status, useStatus } from '../components/status'
import { categoriesQuery, useAdminMutation, useOperatorId } from '../queries'
import { categorySchema } from '../schemas'

/** /admin/categories: the themes proverbs are filed under. */
export default function CategoriesSection() {
  const list = useQuery(categoriesQuery(useOperatorId()))
  const [editing, setEditing] = useState<AdminCategory | null>(null)
  const { said, success, failure } = useStatus()
  const save = useAdminMutation(['categories'], (name: string) => (editing ? updateCategory(editing.id, { name }) : createCategory({ name })))
  const remove = useAdminMutation(['categories', 'proverbs'], (category: AdminCategory) => deleteCategory(category.id))

  return (
    <section aria-labelledby="categories-title" className="admin-section">
      <h2 id="categories-title">Categories</h2>
      <Status said={said} />
      <Editor editing={editing} title={editing ? `Rename “${editing.name}”` : 'Add a category'}>
        <Form
          key={editing?.id ?? 'new'}
          schema={categorySchema}
          initialValues={{ name: editing?.name ?? '' }}
          label={editing ? `Rename ${editing.name}` : 'Add a category'}
          submitLabel={editing ? 'Save the name' : 'Add the category'}
          resetOnSuccess
          onSubmit={async (values) => {
            await save.mutateAsync(values.name.trim())
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
          <TextField name="name" label={editing ? 'New name' : 'Name of a new category'} />
        </Form>
      </Editor>
      {list.data ? (
        list.data.length === 0 ? (
          <EmptyState title="No categories yet" />
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Categories</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Slug</th>
                  <th scope="col">Proverbs</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((category) => (
                  <tr key={category.id}>
                    <th scope="row">{category.name}</th>
                    <td>{category.slug}</td>
                    <td>{formatThousands(category.proverbCount)}</td>
                    <td className="admin-actions">
                      <button type="button" className="button button--small" onClick={() => setEditing(category)}>
                        Rename<span className="visually-hidden"> {category.name}</span>
                      </button>
                      <ConfirmButton
                        label={<>Delete<span className="visually-hidden"> {category.name}</span></>}
                        question={`Delete “${category.name}”? Its ${formatThousands(category.proverbCount)} proverbs stay, without it.`}
                        confirmLabel="Delete"
                        busy={remove.isPending}
                        onConfirm={() => remove.mutate(category, { onSuccess: () => success(ADMIN_TEXTS.deleted), onError: failure })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : (
        <ListState query={list} noun="categories" />
      )}
    </section>
  )
}

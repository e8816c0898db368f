import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminFaq, FaqInput } from '@/core/admin-contract'
import { ADMIN_TEXTS } from '@/core/admin-texts'
import { Form, TextAreaField, TextField } from '@/components/form'
import { EmptyState } from '@/components/query-state'
import { createFaq, deleteFaq, updateFaq } from '../api'
import { ConfirmButton } from '../components/confirm-button'
import { Editor } from '../components/editor'
import { ListState } from '../components/paged'
import { Status, useStatus } from '../components/status'
import { faqsQuery, useAdminMutation, useOperatorId } from '../queries'
import { faqSchema } from '../schemas'

type Values = { question: string; answer: string; position: number | '' }

/** /admin/faq: the questions under the pricing page, in their order. */
export default function FaqSection() {
  const list = useQuery(faqsQuery(useOperatorId()))
  const [editing, setEditing] = useState<AdminFaq | null>(null)
  const { said, success, failure } = useStatus()
  const save = useAdminMutation(['faqs'], (input: FaqInput) => (editing ? updateFaq(editing.id, input) : createFaq(input)))
  const remove = useAdminMutation(['faqs'], (faq: AdminFaq) => deleteFaq(faq.id))

  return (
    <section aria-labelledby="faq-title" className="admin-section">
      <h2 id="faq-title">FAQ</h2>
      <Status said={said} />
      <Editor editing={editing} title={editing ? 'Edit the question' : 'Add a question'}>
        <Form<Values>
          key={editing?.id ?? 'new'}
          schema={faqSchema}
          initialValues={{ question: editing?.question ?? '', answer: editing?.answer ?? '', position: editing?.position ?? '' }}
          label={editing ? 'Edit the question' : 'Add a question'}
          submitLabel={editing ? 'Save the question' : 'Add the question'}
          resetOnSuccess
          onSubmit={async (values) => {
            const position = values.position === '' || values.position === undefined ? undefined : Number(values.position)
            await save.mutateAsync({ question: values.question.trim(), answer: values.answer.trim(), ...(position === undefined ? {} : { position }) })
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
          <TextField name="question" label="Question" />
          <TextAreaField name="answer" label="Answer" rows={4} />
          <TextField name="position" label="Position (optional)" hint="Lower comes first; empty puts it last." inputMode="numeric" />
        </Form>
      </Editor>
      {list.data ? (
        list.data.length === 0 ? (
          <EmptyState title="No questions yet" />
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Questions, in the order readers see them</caption>
              <thead>
                <tr>
                  <th scope="col">Position</th>
                  <th scope="col">Question</th>
                  <th scope="col">Answer</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((faq) => (
                  <tr key={faq.id}>
                    <td>{faq.position}</td>
                    <th scope="row">{faq.question}</th>
                    <td className="admin-clip">{faq.answer}</td>
                    <td className="admin-actions">
                      <button type="button" className="button button--small" onClick={() => setEditing(faq)}>
                        Edit<span className="visually-hidden"> “{faq.question}”</span>
                      </button>
                      <ConfirmButton
                        label={<>Delete<span className="visually-hidden"> “{faq.question}”</span></>}
                        question={`Delete “${faq.question}”?`}
                        confirmLabel="Delete"
                        busy={remove.isPending}
                        onConfirm={() => remove.mutate(faq, { onSuccess: () => success(ADMIN_TEXTS.deleted), onError: failure })}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : (
        <ListState query={list} noun="questions" />
      )}
    </section>
  )
}

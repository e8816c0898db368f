import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminQuizQuestion, QuizQuestionInput } from '@/core/admin-contract'
import { ADMIN_TEXTS } from '@/core/admin-texts'
import { Form, SelectField, TextAreaField, TextField } from '@/components/form'
import { createQuizQuestion, retireQuizQuestion, updateQuizQuestion } from '../api'
import { ConfirmButton } from '../components/confirm-button'
import { Editor } from '../components/editor'
import { groupName, useGroups } from '../components/groups'
import { ADMIN_PAGE_SIZE, PagedResult, useListParams } from '../components/paged'
import { Status, useStatus } from '../components/status'
import { quizQuestionsQuery, useAdminMutation, useOperatorId } from '../queries'
import { optionLines, quizQuestionSchema } from '../schemas'

type Values = { ethnicGroupId: number | ''; question: string; options: string; correct: number | ''; note: string; active: boolean }
const EMPTY: Values = { ethnicGroupId: '', question: '', options: '', correct: '', note: '', active: true }

const toValues = (q: AdminQuizQuestion): Values => ({ ...q, ethnicGroupId: q.ethnicGroupId ?? '', options: q.options.join('\n'), correct: q.correct + 1 })
const toInput = (v: Values): QuizQuestionInput => ({
  ethnicGroupId: v.ethnicGroupId === '' || v.ethnicGroupId === null ? null : Number(v.ethnicGroupId),
  question: v.question.trim(),
  options: optionLines(v.options),
  correct: Number(v.correct) - 1,
  note: v.note.trim(),
  active: v.active,
})

/** /admin/quiz?ethnicGroupId=&q=&page=: the questions quizzes are drawn from. Retiring keeps past quizzes whole. */
export default function QuizBankSection() {
  const userId = useOperatorId()
  const groups = useGroups()
  const { params, page, set } = useListParams()
  const q = params.get('q') ?? ''
  const group = Number(params.get('ethnicGroupId')) || undefined
  const list = useQuery(quizQuestionsQuery(userId, { q: q || undefined, ethnicGroupId: group, page, size: ADMIN_PAGE_SIZE }))
  const [editing, setEditing] = useState<AdminQuizQuestion | null>(null)
  const { said, success, failure } = useStatus()
  const save = useAdminMutation(['quiz'], (input: QuizQuestionInput) => (editing ? updateQuizQuestion(editing.id, input) : createQuizQuestion(input)))
  const retire = useAdminMutation(['quiz'], (question: AdminQuizQuestion) => retireQuizQuestion(question.id))
  const groupOptions = (groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))

  return (
    <section aria-labelledby="quiz-bank-title" className="admin-section">
      <h2 id="quiz-bank-title">Quiz bank</h2>
      <Status said={said} />
      <form
        className="admin-filters"
        role="search"
        aria-label="Find questions"
        onSubmit={(event) => {
          event.preventDefault()
          const data = new FormData(event.currentTarget)
          set({ q: String(data.get('q') ?? '').trim(), ethnicGroupId: String(data.get('ethnicGroupId') ?? '') })
        }}
      >
        <label>
          Text
          <input name="q" type="search" defaultValue={q} />
        </label>
        <label>
          Group
          <select name="ethnicGroupId" defaultValue={group ?? ''}>
            <option value="">All groups</option>
            {groupOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button">
          Find
        </button>
      </form>
      <PagedResult query={list} noun="questions" empty={q || group ? 'No question matches' : 'No questions yet'} onPage={(next) => set({ page: next })}>
        {(rows) => (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Quiz questions</caption>
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">Answer</th>
                  <th scope="col">Group</th>
                  <th scope="col">In use</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((question) => (
                  <tr key={question.id}>
                    <th scope="row">{question.question}</th>
                    <td>{question.options[question.correct]}</td>
                    <td>{question.ethnicGroupId === null ? 'General' : groupName(groups.data, question.ethnicGroupId)}</td>
                    <td>{question.active ? 'Yes' : 'Retired'}</td>
                    <td className="admin-actions">
                      <button type="button" className="button button--small" onClick={() => setEditing(question)}>
                        Edit<span className="visually-hidden"> “{question.question}”</span>
                      </button>
                      {question.active && (
                        <ConfirmButton
                          label={<>Retire<span className="visually-hidden"> “{question.question}”</span></>}
                          question={`Retire “${question.question}”? New quizzes will not ask it; past ones keep it.`}
                          confirmLabel="Retire"
                          busy={retire.isPending}
                          onConfirm={() => retire.mutate(question, { onSuccess: () => success('Retired.'), onError: failure })}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedResult>
      <Editor editing={editing} title={editing ? 'Edit the question' : 'Add a question'}>
        <Form<Values>
          key={editing?.id ?? 'new'}
          schema={quizQuestionSchema}
          initialValues={editing ? toValues(editing) : EMPTY}
          label={editing ? 'Edit the question' : 'Add a question'}
          submitLabel={editing ? 'Save the question' : 'Add the question'}
          resetOnSuccess
          onSubmit={async (values) => {
            await save.mutateAsync(toInput(values))
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
          <TextAreaField name="question" label="Question" />
          <TextAreaField name="options" label="Options" hint="One a line; two at least." rows={4} />
          <TextField name="correct" label="Number of the correct option" hint="1 for the first line." inputMode="numeric" />
          <TextAreaField name="note" label="Why that answer (for reviewers, optional)" />
          <SelectField name="ethnicGroupId" label="Group" placeholder="General (no group)" options={groupOptions} />
          {editing && <SelectField name="active" label="In use" options={[{ value: 'true', label: 'Yes' }, { value: 'false', label: 'Retired' }]} />}
        </Form>
      </Editor>
    </section>
  )
}

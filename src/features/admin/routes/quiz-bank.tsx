import { useQuery } from '@tanstack/react-query'
import type { AdminQuizQuestion, QuizQuestionInput } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { SelectField, TextAreaField, TextField } from '@/components/form'
import { useGroups } from '@/entities/catalogue/queries'
import { useAdminId } from '@/entities/admin/queries'
import { quizQuestionRows } from '../api'
import { EditorForm, NamedRow, useEditing } from '../components/editable-rows'
import { TextAndGroupSearch } from '../components/filters'
import { groupChoices, groupName } from '../components/groups'
import { ListSection } from '../components/list-section'
import { ADMIN_PAGE_SIZE, useListParams } from '../components/paged'
import { quizQuestionsQuery } from '../queries'
import { optionLines, quizQuestionFormSchema } from '../schemas'

type Values = { ethnicGroupId: number | ''; question: string; options: string; correct: number | ''; note: string; active: boolean }
const EMPTY: Values = { ethnicGroupId: '', question: '', options: '', correct: '', note: '', active: true }

const toValues = (q: AdminQuizQuestion): Values => ({
  ...q,
  ethnicGroupId: q.ethnicGroupId ?? '',
  options: q.options.join('\n'),
  correct: q.correct + 1,
})
function toInput(values: Values): QuizQuestionInput {
  const { ethnicGroupId, question, options, correct, note, active } = quizQuestionFormSchema.cast(values)
  return { ethnicGroupId, question, options: optionLines(options), correct: correct - 1, note, active }
}

/** The group filter: a group's id, or the questions about all peoples. */
const GENERAL = 'general'
const groupFilter = (value: string | null): number | typeof GENERAL | undefined =>
  value === GENERAL ? GENERAL : Number(value) || undefined

/** /admin/quiz?ethnicGroupId=&q=&page=: the questions quizzes are drawn from. Retiring keeps past quizzes whole. */
export default function QuizBankSection() {
  const userId = useAdminId()
  const groups = useGroups()
  const { params, page, set } = useListParams()
  const q = params.get('q') ?? ''
  const group = groupFilter(params.get('ethnicGroupId'))
  const query = useQuery(quizQuestionsQuery(userId, { q: q || undefined, ethnicGroupId: group, page, size: ADMIN_PAGE_SIZE }))
  const editor = useEditing({
    sections: ['quiz'],
    api: quizQuestionRows,
    schema: quizQuestionFormSchema,
    toInput,
    what: (question) => `“${question.question}”`,
  })
  const editing = editor.editing
  const groupOptions = groupChoices(groups.data)

  return (
    <ListSection
      title="Quiz bank"
      said={editor.said}
      above={
        <TextAndGroupSearch
          label="Find questions"
          q={q}
          name="ethnicGroupId"
          group={group ?? ''}
          groups={[{ value: GENERAL, label: ADMIN_TEXTS.generalQuestions }, ...groupOptions]}
          onFind={set}
        />
      }
      list={{ query, noun: 'questions', empty: q || group ? 'No question matches' : 'No questions yet' }}
      caption="Quiz questions"
      columns={[
        { header: 'Question', cell: (question) => <NamedRow name={question.question} builtIn={question.builtIn} /> },
        { header: 'Answer', cell: (question) => question.options[question.correct] },
        {
          header: 'Group',
          cell: (question) => (question.ethnicGroupId === null ? 'General' : groupName(groups.data, question.ethnicGroupId)),
        },
        { header: 'In use', cell: (question) => (question.active ? 'Yes' : 'Retired') },
        editor.actions({
          remove: 'Retire',
          question: (question) => `Retire “${question.question}”? New quizzes will not ask it; past ones keep it.`,
          done: 'Retired.',
          removable: (question) => question.active,
        }),
      ]}
    >
      <EditorForm
        editor={editor}
        initialValues={editing ? toValues(editing) : EMPTY}
        title={editing ? 'Edit the question' : 'Add a question'}
        submitLabel={editing ? 'Save the question' : 'Add the question'}
      >
        <TextAreaField name="question" label="Question" />
        <TextAreaField name="options" label="Options" hint="One a line; from two to six." rows={4} />
        <TextField name="correct" label="Number of the correct option" hint="1 for the first line." inputMode="numeric" />
        <TextAreaField name="note" label="Why that answer (for reviewers, optional)" />
        <SelectField name="ethnicGroupId" label="Group" placeholder="General (no group)" options={groupOptions} />
        {editing && (
          <SelectField
            name="active"
            label="In use"
            options={[
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'Retired' },
            ]}
          />
        )}
      </EditorForm>
    </ListSection>
  )
}

import { useQuery } from '@tanstack/react-query'
import { TextAreaField, TextField } from '@/components/form'
import { useAdminId } from '@/entities/admin/queries'
import { faqRows } from '../api'
import { EditorForm, NamedRow, useEditing } from '../components/editable-rows'
import { ListSection } from '../components/list-section'
import { faqsQuery } from '../queries'
import { faqFormSchema } from '../schemas'

/** /admin/faq: the questions under the pricing page, in their order. */
export default function FaqSection() {
  const query = useQuery(faqsQuery(useAdminId()))
  const editor = useEditing({ sections: ['faqs'], api: faqRows, schema: faqFormSchema, what: (faq) => `“${faq.question}”` })
  const editing = editor.editing

  return (
    <ListSection
      title="FAQ"
      said={editor.said}
      above={
        <EditorForm
          editor={editor}
          initialValues={{ question: editing?.question ?? '', answer: editing?.answer ?? '', position: editing?.position ?? '' }}
          title={editing ? 'Edit the question' : 'Add a question'}
          submitLabel={editing ? 'Save the question' : 'Add the question'}
        >
          <TextField name="question" label="Question" />
          <TextAreaField name="answer" label="Answer" rows={4} />
          <TextField
            name="position"
            label="Position (optional)"
            hint={editing ? 'Lower comes first; empty keeps its place.' : 'Lower comes first; empty puts it last.'}
            inputMode="numeric"
          />
        </EditorForm>
      }
      list={{ query, noun: 'questions', empty: 'No questions yet' }}
      caption="Questions, in the order readers see them"
      columns={[
        { header: 'Position', cell: (faq) => faq.position },
        { header: 'Question', cell: (faq) => <NamedRow name={faq.question} builtIn={faq.builtIn} />, rowHeader: true },
        { header: 'Answer', cell: (faq) => faq.answer, className: 'admin-clip' },
        editor.actions({ question: (faq) => `Delete “${faq.question}”?` }),
      ]}
    />
  )
}

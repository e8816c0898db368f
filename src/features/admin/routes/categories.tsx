import { useQuery } from '@tanstack/react-query'
import { categoryInputSchema } from '@/core/admin/validation'
import { formatThousands } from '@/core/shared/format'
import { TextField } from '@/components/form'
import { useAdminId } from '@/entities/admin/queries'
import { categoryRows } from '../api'
import { EditorForm, NamedRow, useEditing } from '../components/editable-rows'
import { ListSection } from '../components/list-section'
import { categoriesQuery } from '../queries'

/** /admin/categories: the themes proverbs are filed under. */
export default function CategoriesSection() {
  const query = useQuery(categoriesQuery(useAdminId()))
  const editor = useEditing({
    sections: ['categories'],
    // Deleting one takes it off its proverbs.
    removeSections: ['categories', 'proverbs'],
    api: categoryRows,
    schema: categoryInputSchema,
    what: (category) => category.name,
  })
  const editing = editor.editing

  return (
    <ListSection
      title="Categories"
      said={editor.said}
      above={
        <EditorForm
          editor={editor}
          initialValues={{ name: editing?.name ?? '' }}
          title={editing ? `Rename “${editing.name}”` : 'Add a category'}
          label={editing ? `Rename ${editing.name}` : 'Add a category'}
          submitLabel={editing ? 'Save the name' : 'Add the category'}
        >
          <TextField name="name" label={editing ? 'New name' : 'Name of a new category'} />
        </EditorForm>
      }
      list={{ query, noun: 'categories', empty: 'No categories yet' }}
      caption="Categories"
      columns={[
        { header: 'Name', cell: (category) => <NamedRow name={category.name} builtIn={category.builtIn} /> },
        { header: 'Slug', cell: (category) => category.slug },
        { header: 'Proverbs', cell: (category) => formatThousands(category.proverbCount) },
        editor.actions({
          edit: 'Rename',
          question: (category) => `Delete “${category.name}”? Its ${formatThousands(category.proverbCount)} proverbs stay, without it.`,
        }),
      ]}
    />
  )
}

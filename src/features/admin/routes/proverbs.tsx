import { useQuery } from '@tanstack/react-query'
import { proverbInputSchema } from '@/core/admin-validation'
import { proverbRows } from '../api'
import { BuiltInBadge, EditorForm, useEditing } from '../components/editable-rows'
import { TextAndGroupSearch } from '../components/filters'
import { groupChoices, groupName, useGroups } from '../components/groups'
import { ListSection } from '../components/list-section'
import { ADMIN_PAGE_SIZE, useListParams } from '../components/paged'
import { ProverbFields, toProverbInput, type ProverbFormValues } from '../components/proverb-fields'
import { proverbsQuery, useOperatorId } from '../queries'

const EMPTY: ProverbFormValues = { proverb: '', transliteration: '', interpretation: '', ethnicGroupId: '', categoryIds: [] }

/** /admin/proverbs?q=&ethnic=&page=: the corpus, searched by text and group; add, correct, remove. */
export default function ProverbsSection() {
  const userId = useOperatorId()
  const groups = useGroups()
  const { params, page, set } = useListParams()
  const q = params.get('q') ?? ''
  const ethnic = params.get('ethnic') ?? ''
  const query = useQuery(proverbsQuery(userId, { q: q || undefined, ethnic: ethnic || undefined, page, size: ADMIN_PAGE_SIZE }))
  // A seeded proverb comes from Òwe's own files: what the other sections call built in.
  const seeded = (proverb: { source: string }) => proverb.source === 'seed'
  const editor = useEditing({
    sections: ['proverbs', 'categories'],
    api: proverbRows,
    schema: proverbInputSchema,
    toInput: toProverbInput,
    what: (proverb) => `“${proverb.proverb}”`,
    builtIn: seeded,
  })
  const editing = editor.editing

  return (
    <ListSection
      title="Proverbs"
      said={editor.said}
      above={<TextAndGroupSearch label="Find proverbs" q={q} name="ethnic" group={ethnic} groups={groupChoices(groups.data, 'slug')} onFind={set} />}
      list={{ query, noun: 'proverbs', empty: q || ethnic ? 'No proverb matches' : 'No proverbs yet' }}
      caption={`Proverbs${q ? ` matching “${q}”` : ''}`}
      columns={[
        { header: 'Proverb', cell: (proverb) => proverb.proverb },
        { header: 'English', cell: (proverb) => proverb.transliteration, className: 'admin-clip' },
        { header: 'Group', cell: (proverb) => groupName(groups.data, proverb.ethnicGroupId) },
        { header: 'Source', cell: (proverb) => (seeded(proverb) ? <BuiltInBadge /> : proverb.source) },
        editor.actions({ question: (proverb) => `Delete “${proverb.proverb}”? Readers' favourites and likes of it go too.` }),
      ]}
    >
      <EditorForm
        editor={editor}
        initialValues={editing ? { ...editing, categoryIds: editing.categoryIds } : EMPTY}
        title={editing ? `Edit “${editing.proverb}”` : 'Add a proverb'}
        label={editing ? 'Edit the proverb' : 'Add a proverb'}
        submitLabel={editing ? 'Save the proverb' : 'Add the proverb'}
      >
        <ProverbFields />
      </EditorForm>
    </ListSection>
  )
}

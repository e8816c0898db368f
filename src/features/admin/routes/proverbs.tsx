import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminProverb } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { proverbInputSchema, speakerCheckSchema } from '@/core/admin/validation'
import { formatLongDate } from '@/core/shared/format'
import { Form, TextField } from '@/components/form'
import { useGroups } from '@/entities/catalogue/queries'
import { useAdminId } from '@/entities/admin/queries'
import { markChecked, proverbRows, unmarkChecked } from '../api'
import { BuiltInBadge, EditorForm, useEditing } from '../components/editable-rows'
import { TextAndGroupSearch } from '../components/filters'
import { groupChoices, groupName } from '../components/groups'
import { ListSection } from '../components/list-section'
import { ADMIN_PAGE_SIZE, useListParams } from '../components/paged'
import { ProverbFields, toProverbInput, type ProverbFormValues } from '../components/proverb-fields'
import { useAdminMutation } from '../mutations'
import { proverbsQuery } from '../queries'

const EMPTY: ProverbFormValues = { proverb: '', transliteration: '', interpretation: '', ethnicGroupId: '', categoryIds: [] }

/**
 * /admin/proverbs?q=&ethnic=&page=: the corpus, searched by text and group; add, correct, remove.
 * ?add=<words> opens the add form with the words as the proverb (the Insights link a search that found
 * nothing here); once that proverb is added the address lets go of them.
 */
export default function ProverbsSection() {
  const userId = useAdminId()
  const groups = useGroups()
  const { params, page, set } = useListParams()
  const q = params.get('q') ?? ''
  const ethnic = params.get('ethnic') ?? ''
  const add = params.get('add')
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
      above={
        <TextAndGroupSearch
          label="Find proverbs"
          q={q}
          name="ethnic"
          group={ethnic}
          groups={groupChoices(groups.data, 'slug')}
          onFind={set}
        />
      }
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
        editor={{
          ...editor,
          submit: async (values: ProverbFormValues) => {
            await editor.submit(values)
            if (!editing && add !== null) set({ add: null, page })
          },
        }}
        initialValues={editing ? { ...editing, categoryIds: editing.categoryIds } : add ? { ...EMPTY, proverb: add } : EMPTY}
        reinitialize
        focus={add !== null}
        title={editing ? `Edit “${editing.proverb}”` : 'Add a proverb'}
        label={editing ? 'Edit the proverb' : 'Add a proverb'}
        submitLabel={editing ? 'Save the proverb' : 'Add the proverb'}
      >
        <ProverbFields />
      </EditorForm>
      {editing && <SpeakerCheck key={editing.id} proverb={editing} />}
    </ListSection>
  )
}

/**
 * "Checked by a speaker": the name of a speaker of the language who confirmed the proverb's words, shown on
 * its page. Saved on its own, apart from the proverb's texts (it does not make a shipped proverb the admins').
 */
function SpeakerCheck({ proverb }: { proverb: AdminProverb }) {
  const [check, setCheck] = useState(proverb.checkedBy)
  const [said, setSaid] = useState('')
  const mark = useAdminMutation(['proverbs'], (name: string) => markChecked(proverb.id, name))
  const unmark = useAdminMutation(['proverbs'], () => unmarkChecked(proverb.id))
  return (
    <section className="admin-card" aria-labelledby="speaker-check-title">
      <h3 id="speaker-check-title">Checked by a speaker</h3>
      <p>{check ? `Checked by ${check.name}, ${formatLongDate(check.at)}.` : 'Not yet checked by a speaker.'}</p>
      <Form
        schema={speakerCheckSchema}
        initialValues={{ name: check?.name ?? '' }}
        label="Mark as checked by a speaker"
        submitLabel="Mark as checked"
        busyLabel="Saving…"
        onSubmit={async (values) => {
          const saved = await mark.mutateAsync(speakerCheckSchema.cast(values).name)
          setCheck(saved.checkedBy)
          setSaid(ADMIN_TEXTS.checkedSaved(saved.checkedBy?.name ?? ''))
        }}
        footer={
          check && (
            <button
              type="button"
              className="button"
              disabled={unmark.isPending}
              onClick={() =>
                unmark.mutate(undefined, {
                  onSuccess: () => {
                    setCheck(null)
                    setSaid(ADMIN_TEXTS.checkedRemoved)
                  },
                })
              }
            >
              Remove the check
            </button>
          )
        }
      >
        <TextField name="name" label="Speaker’s name" hint="Shown on the proverb’s page." autoComplete="off" />
      </Form>
      <p role="status" className="subtle">
        {said}
      </p>
    </section>
  )
}

import { useId, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { SHARED_TEXT_PARAM } from '@/core/shared/share-target'
import { COMMUNITY_TEXTS } from '@/core/community/texts'
import { API } from '@/core/http/api-paths'
import { DELIVERY_TEXTS } from '@/core/shared/delivery'
import { languageTag } from '@/core/shared/constants'
import type { EthnicGroup } from '@/core/proverbs/contract'
import { suggestionSchema, type SuggestionInput } from '@/core/community/validation'
import { Form, SelectField, TextAreaField, TextField, useFormikContext } from '@/components/form'
import { useCategories, useGroups } from '@/entities/catalogue/queries'
import { useOnline } from '@/lib/online'
import { useSession } from '@/lib/session'
import { suggestProverb } from '../api'
import { KeptForm } from '../components/kept-form'
import { sendOrKeep } from '../kept-forms'

const EMPTY: SuggestionInput = {
  email: '',
  name: '',
  ethnic: '',
  language: '',
  suggestedCategory: '',
  suggestedProverb: '',
  suggestedEnglishTransliteration: '',
  suggestedEnglishInterpretation: '',
}

/** The group, its language (filled in when a group is chosen, still editable) and the proverb in it. */
function GroupAndProverb({ groups }: { groups: EthnicGroup[] }) {
  const { values, setFieldValue } = useFormikContext<SuggestionInput>()
  const chosen = groups.find((group) => group.name === values.ethnic)
  return (
    <>
      <SelectField
        name="ethnic"
        label="Ethnic group"
        placeholder="Choose a group"
        options={groups.map((group) => ({ value: group.name, label: group.name }))}
        onChosen={(name) => {
          const group = groups.find((g) => g.name === name)
          if (group) void setFieldValue('language', group.language)
        }}
      />
      <TextField name="language" label="Language" />
      <TextAreaField
        name="suggestedProverb"
        label="The proverb"
        hint="In its own language and spelling, with tone marks where it has them."
        lang={chosen ? languageTag(chosen.slug) : undefined}
      />
    </>
  )
}

/** /add_proverb: anyone may suggest a proverb; editors review it before it appears. Offline too: it is sent once back online. */
export function AddProverbRoute() {
  const session = useSession()
  const online = useOnline()
  const [kept, setKept] = useState<string | null>(null)
  const groups = useGroups()
  const categories = useCategories()
  const categoryList = useId()
  // Text shared into the installed app from another app (the manifest's share target) starts the proverb's field.
  const shared = useSearchParams()[0].get(SHARED_TEXT_PARAM)?.trim() || null
  const start: SuggestionInput = shared ? { ...EMPTY, suggestedProverb: shared } : EMPTY
  const initialValues: SuggestionInput = session
    ? { ...start, email: session.user.email, name: `${session.user.firstName} ${session.user.lastName}`.trim() }
    : start
  return (
    <section className="auth-page auth-page--wide" aria-labelledby="add-proverb-title">
      <h1 id="add-proverb-title">Suggest a proverb</h1>
      <p>
        Know a proverb that belongs in Òwe? Tell us the proverb, a word-for-word English rendering and what it means. Our editors check
        every suggestion before it appears.
      </p>
      {kept && <KeptForm key={kept} formKey={kept} sentText={COMMUNITY_TEXTS.suggestionThanks} onGone={() => setKept(null)} />}
      <Form<SuggestionInput>
        // Started again when the session is known (after the server's page is taken over), to fill in who sends it.
        key={session?.user.id ?? 'visitor'}
        label="Suggest a proverb"
        schema={suggestionSchema}
        initialValues={initialValues}
        // A share starts afresh: a draft kept from before would put other words over the shared ones.
        draftKey={shared ? undefined : 'suggest-proverb'}
        resetOnSuccess
        focusOutcome
        submitLabel="Send suggestion"
        busyLabel={online ? 'Sending…' : DELIVERY_TEXTS.saving}
        keptOffline
        onSubmit={async (values) => {
          const submission = { kind: 'suggestion' as const, path: API.suggestProverb, body: values, title: values.suggestedProverb }
          const outcome = await sendOrKeep(submission, (key) => suggestProverb(values, key))
          setKept('kept' in outcome ? outcome.kept : null)
          if ('kept' in outcome) return
          const result = outcome.sent
          return { notice: result.duplicate ? `${result.message} ${COMMUNITY_TEXTS.suggestionDuplicate}` : result.message }
        }}
      >
        <TextField name="email" label="Email" type="email" autoComplete="email" />
        <TextField name="name" label="Your name" autoComplete="name" />
        <GroupAndProverb groups={groups.data ?? []} />
        <TextField name="suggestedCategory" label="Category" hint="Choose one, or type your own." list={categoryList} autoComplete="off" />
        <datalist id={categoryList}>
          {(categories.data ?? []).map((category) => (
            <option key={category.id} value={category.name} />
          ))}
        </datalist>
        <TextAreaField name="suggestedEnglishTransliteration" label="English transliteration" hint="Word for word." />
        <TextAreaField name="suggestedEnglishInterpretation" label="English interpretation" hint="What it means, and when it is said." />
      </Form>
    </section>
  )
}

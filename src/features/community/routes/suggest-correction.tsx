import { useState } from 'react'
import { proverbPagePath } from '@/core/proverbs/pages'
import { Link } from 'react-router-dom'
import { API } from '@/core/http/api-paths'
import { DELIVERY_TEXTS } from '@/core/shared/delivery'
import { languageTag } from '@/core/shared/constants'
import { CORRECTION_TEXTS, correctionSchema, type CorrectionInput } from '@/core/community/corrections'
import { Form, TextAreaField, TextField } from '@/components/form'
import { ErrorState, Loading } from '@/components/query-state'
import { useProverb } from '@/entities/catalogue/queries'
import { useOnline } from '@/lib/online'
import { useSession } from '@/lib/session'
import { sendCorrection } from '../api'
import { KeptForm } from '../components/kept-form'
import { sendOrKeep } from '../kept-forms'

type Props = { slug: string | null }

/**
 * /suggest_correction?proverb=slug: a reader (visitor or signed in) corrects a proverb's spelling, tone
 * marks, rendering or meaning, or adds a source. The form starts from the proverb as it reads now; an
 * editor compares the two before anything changes.
 */
export function SuggestCorrectionRoute({ slug }: Props) {
  if (!slug) {
    return (
      <section className="auth-page" aria-labelledby="correction-title">
        <h1 id="correction-title">Suggest a correction</h1>
        <p>
          Open the proverb you want to correct and choose “Suggest a correction” under it. <Link to="/search_result">Find a proverb</Link>
        </p>
      </section>
    )
  }
  return <CorrectionForm slug={slug} />
}

function CorrectionForm({ slug }: { slug: string }) {
  const session = useSession()
  const online = useOnline()
  const [kept, setKept] = useState<string | null>(null)
  const proverb = useProverb(slug)
  if (proverb.isPending) return <Loading label="Loading the proverb" />
  if (proverb.isError)
    return <ErrorState title="Could not load this proverb" error={proverb.error} onRetry={() => void proverb.refetch()} />
  const { data } = proverb
  const initialValues: CorrectionInput = {
    email: session?.user.email ?? '',
    name: session ? `${session.user.firstName} ${session.user.lastName}`.trim() : '',
    proverb: data.proverb,
    transliteration: data.transliteration,
    interpretation: data.interpretation,
    source: '',
    note: '',
  }
  return (
    <section className="auth-page auth-page--wide" aria-labelledby="correction-title">
      <h1 id="correction-title">Suggest a correction</h1>
      <p>
        To the {data.ethnic.name} proverb{' '}
        <Link to={proverbPagePath(data.slug)} lang={languageTag(data.ethnic.slug)}>
          {data.proverb}
        </Link>
      </p>
      <p>{CORRECTION_TEXTS.intro}</p>
      {kept && <KeptForm key={kept} formKey={kept} sentText={CORRECTION_TEXTS.thanks} onGone={() => setKept(null)} />}
      <Form<CorrectionInput>
        label="Suggest a correction"
        schema={correctionSchema}
        initialValues={initialValues}
        draftKey={`correct-proverb:${data.slug}`}
        focusOutcome
        submitLabel="Send correction"
        busyLabel={online ? 'Sending…' : DELIVERY_TEXTS.saving}
        keptOffline
        onSubmit={async (values) => {
          const submission = { kind: 'correction' as const, path: API.proverbCorrections(data.slug), body: values, title: data.proverb }
          const outcome = await sendOrKeep(submission, (key) => sendCorrection(data.slug, values, key))
          setKept('kept' in outcome ? outcome.kept : null)
          if ('kept' in outcome) return
          return { notice: outcome.sent.message }
        }}
      >
        <TextField name="email" label="Email" type="email" autoComplete="email" />
        <TextField name="name" label="Your name" autoComplete="name" />
        <TextAreaField
          name="proverb"
          label="The proverb"
          hint="Its spelling and tone marks as they should be."
          lang={languageTag(data.ethnic.slug)}
        />
        <TextAreaField name="transliteration" label="English rendering" hint="Word for word." />
        <TextAreaField name="interpretation" label="Meaning" hint="What it means, and when it is said." />
        <TextField name="source" label="Source" hint={CORRECTION_TEXTS.sourceHint} />
        <TextAreaField name="note" label="Why" hint={CORRECTION_TEXTS.noteHint} />
      </Form>
    </section>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import type { AdminSuggestion, SuggestionStatus } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { proverbInputSchema } from '@/core/admin/validation'
import { Form } from '@/components/form'
import { useGroups } from '@/entities/catalogue/queries'
import { useAdminId } from '@/entities/admin/queries'
import { approveSuggestion, rejectSuggestion } from '../api'
import { ConfirmDialog } from '../components/confirm-dialog'
import { ReasonForm } from '../components/reason-form'
import { ADMIN_PAGE_SIZE, DataTable, formatWhen } from '../components/paged'
import { findGroup, ProverbFields, toProverbInput, type ProverbFormValues } from '../components/proverb-fields'
import { ReviewQueue } from '../components/review-queue'
import { useAdminMutation } from '../mutations'
import { categoriesQuery, suggestionsQuery } from '../queries'

const TABS = [
  { id: 'pending', label: 'Pending', empty: 'No suggestions are waiting' },
  { id: 'approved', label: 'Approved', empty: 'No suggestion has been approved yet' },
  { id: 'rejected', label: 'Rejected', empty: 'No suggestion has been rejected' },
] as const satisfies readonly { id: SuggestionStatus; label: string; empty: string }[]

const useSuggestions = (status: SuggestionStatus, page: number) =>
  useQuery(suggestionsQuery(useAdminId(), { status, page, size: ADMIN_PAGE_SIZE }))

/** /admin/suggestions?status=approved&page=2: readers' suggestions, published (edited) or rejected with a reason. */
export default function SuggestionsSection() {
  return (
    <ReviewQueue
      title="Suggestions"
      noun="suggestions"
      tabs={TABS}
      useList={useSuggestions}
      pending={(suggestion, onDone) => <PendingSuggestion suggestion={suggestion} onDone={onDone} />}
      reviewed={(rows, status) => <ReviewedTable rows={rows} status={status as Exclude<SuggestionStatus, 'pending'>} />}
    />
  )
}

/** One suggestion, editable before it is published; the form shows a failure, the page's live region a success. */
function PendingSuggestion({ suggestion: s, onDone }: { suggestion: AdminSuggestion; onDone: (text: string) => void }) {
  const groups = useGroups()
  const categories = useQuery(categoriesQuery(useAdminId()))
  const approve = useAdminMutation(['suggestions', 'proverbs'], (values: ProverbFormValues) =>
    approveSuggestion(s.id, toProverbInput(values)),
  )
  const reject = useAdminMutation(['suggestions'], (reason: string) => rejectSuggestion(s.id, reason))
  const [rejecting, setRejecting] = useState(false)
  // A possible duplicate is published only once the admin has said so in the dialog; the form then
  // submits again, so what the server says about it shows on the form as for any approval.
  const [asking, setAsking] = useState(false)
  const confirmed = useRef(false)
  const card = useRef<HTMLElement>(null)
  const publishForm = () => card.current?.querySelector<HTMLFormElement>('form')
  const titleId = `suggestion-${s.id}-title`

  // The suggester's group and category, where the corpus has them, are chosen already.
  const category = categories.data?.find((c) => c.name.toLowerCase() === s.suggestedCategory.trim().toLowerCase())
  const initial: ProverbFormValues = {
    proverb: s.suggestedProverb,
    transliteration: s.suggestedEnglishTransliteration,
    interpretation: s.suggestedEnglishInterpretation,
    ethnicGroupId: findGroup(groups.data, s.ethnic)?.id ?? findGroup(groups.data, s.language)?.id ?? '',
    categoryIds: category ? [category.id] : [],
  }

  return (
    <article className="admin-card" aria-labelledby={titleId} ref={card}>
      <h3 id={titleId} className="admin-card__title">
        “{s.suggestedProverb}”
      </h3>
      <dl className="admin-facts">
        <dt>From</dt>
        <dd>
          {s.name} ({s.email}){s.fromUser ? '' : ', no account'}
        </dd>
        <dt>Group and language</dt>
        <dd>
          {s.ethnic}, {s.language}
        </dd>
        <dt>Category</dt>
        <dd>{s.suggestedCategory}</dd>
        <dt>Sent</dt>
        <dd>{formatWhen(s.createdAt)}</dd>
      </dl>
      {s.duplicateOf && (
        <p className="notice notice--error admin-duplicate">
          {/* The published proverb's own full stop, if it has one, ends the line: nothing is added after the quote. */}
          <strong>Possible duplicate</strong> of{' '}
          <Link to={`/search_result?proverb=${encodeURIComponent(s.duplicateOf.slug)}`}>“{s.duplicateOf.proverb}”</Link>
        </p>
      )}
      {/* The form starts from the suggestion with its group and category chosen, so it waits for them: a form
          shown earlier and rebuilt when they arrive would lose what the admin had typed meanwhile. */}
      {groups.isPending || categories.isPending ? (
        <p role="status" className="subtle">
          Loading the publishing form…
        </p>
      ) : (
        <Form<ProverbFormValues>
          schema={proverbInputSchema}
          initialValues={initial}
          label={`Publish suggestion ${s.id}`}
          submitLabel="Approve and publish"
          busyLabel="Publishing…"
          onSubmit={async (values) => {
            if (s.duplicateOf && !confirmed.current) {
              setAsking(true)
              return
            }
            confirmed.current = false
            await approve.mutateAsync(values)
            onDone(s.fromUser ? ADMIN_TEXTS.published : ADMIN_TEXTS.publishedNoAccount)
          }}
          footer={
            !rejecting && (
              <button type="button" className="button" onClick={() => setRejecting(true)}>
                Reject
              </button>
            )
          }
        >
          <ProverbFields />
        </Form>
      )}
      {asking && s.duplicateOf && (
        <ConfirmDialog
          title={ADMIN_TEXTS.duplicateTitle}
          confirmLabel={ADMIN_TEXTS.approveAnyway}
          cancelLabel={ADMIN_TEXTS.cancel}
          onConfirm={() => {
            setAsking(false)
            confirmed.current = true
            publishForm()?.requestSubmit()
          }}
          onCancel={() => {
            setAsking(false)
            publishForm()?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus()
          }}
        >
          <p>{ADMIN_TEXTS.duplicateIntro}</p>
          <blockquote className="admin-dialog__quote">“{s.duplicateOf.proverb}”</blockquote>
          <p>{ADMIN_TEXTS.duplicateAsk}</p>
        </ConfirmDialog>
      )}
      {rejecting && (
        <ReasonForm
          label={`Reject suggestion ${s.id}`}
          submitLabel="Reject suggestion"
          busyLabel="Rejecting…"
          fieldLabel="Why it is rejected"
          hint="Kept with the suggestion, for the admins."
          onCancel={() => setRejecting(false)}
          onSubmit={async (reason) => {
            await reject.mutateAsync(reason)
            onDone(ADMIN_TEXTS.rejected)
          }}
        />
      )}
    </article>
  )
}

function ReviewedTable({ rows, status }: { rows: AdminSuggestion[]; status: Exclude<SuggestionStatus, 'pending'> }) {
  return (
    <DataTable
      caption={status === 'approved' ? 'Approved suggestions' : 'Rejected suggestions'}
      rows={rows}
      columns={[
        { header: 'Proverb', cell: (s) => s.suggestedProverb },
        { header: 'From', cell: (s) => s.name },
        { header: 'Group', cell: (s) => s.ethnic },
        { header: 'Reviewed', cell: (s) => formatWhen(s.reviewedAt) },
        status === 'approved'
          ? { header: 'Published as', cell: (s) => (s.proverbId ? `Proverb #${s.proverbId}` : '—') }
          : { header: 'Reason', cell: (s) => s.rejectReason },
      ]}
    />
  )
}

import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { AdminCorrection, CorrectionStatus } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { acceptCorrectionSchema, wordDiff, type AcceptCorrectionInput, type CorrectableTexts } from '@/core/community/corrections'
import { Form, TextAreaField, TextField } from '@/components/form'
import { useAdminId } from '@/entities/admin/queries'
import { acceptCorrection, declineCorrection } from '../api'
import { ReasonForm } from '../components/reason-form'
import { ADMIN_PAGE_SIZE, DataTable, formatWhen } from '../components/paged'
import { ReviewQueue } from '../components/review-queue'
import { useAdminMutation } from '../mutations'
import { correctionsQuery } from '../queries'

const TABS = [
  { id: 'pending', label: 'Pending', empty: 'No corrections are waiting' },
  { id: 'accepted', label: 'Accepted', empty: 'No correction has been accepted yet' },
  { id: 'declined', label: 'Declined', empty: 'No correction has been declined' },
] as const satisfies readonly { id: CorrectionStatus; label: string; empty: string }[]

const FIELDS: { key: keyof CorrectableTexts; label: string }[] = [
  { key: 'proverb', label: 'Proverb' },
  { key: 'transliteration', label: 'English rendering' },
  { key: 'interpretation', label: 'Meaning' },
]

const proverbLink = (slug: string) => `/search_result?proverb=${encodeURIComponent(slug)}`

const useCorrections = (status: CorrectionStatus, page: number) =>
  useQuery(correctionsQuery(useAdminId(), { status, page, size: ADMIN_PAGE_SIZE }))

/** /admin/corrections?status=accepted: readers' corrections to published proverbs, shown as differences. */
export default function CorrectionsSection() {
  return (
    <ReviewQueue
      title="Corrections"
      noun="corrections"
      tabs={TABS}
      useList={useCorrections}
      pending={(correction, onDone) => <PendingCorrection correction={correction} onDone={onDone} />}
      reviewed={(rows, status) => <ReviewedTable rows={rows} status={status as Exclude<CorrectionStatus, 'pending'>} />}
    />
  )
}

/** Before and after, word by word: removed words struck through, added ones marked. */
export function Difference({ before, after, label }: { before: string; after: string; label: string }) {
  if (before === after) return null
  return (
    <div className="admin-diff">
      <p className="admin-diff__label">{label}</p>
      <p className="admin-diff__text">
        {wordDiff(before, after).map((part, i) =>
          part.change === 'removed' ? (
            <del key={i}>
              <span className="visually-hidden">removed: </span>
              {part.text}
            </del>
          ) : part.change === 'added' ? (
            <ins key={i}>
              <span className="visually-hidden">added: </span>
              {part.text}
            </ins>
          ) : (
            <span key={i}>{part.text}</span>
          ),
        )}
      </p>
    </div>
  )
}

function PendingCorrection({ correction: c, onDone }: { correction: AdminCorrection; onDone: (text: string) => void }) {
  const accept = useAdminMutation(['corrections', 'proverbs'], (values: AcceptCorrectionInput) => acceptCorrection(c.id, values))
  const decline = useAdminMutation(['corrections'], (reason: string) => declineCorrection(c.id, reason))
  const [declining, setDeclining] = useState(false)
  const titleId = `correction-${c.id}-title`
  const changedSince = c.current !== null && FIELDS.some(({ key }) => c.current![key] !== c.before[key])
  const initial: AcceptCorrectionInput = {
    proverb: c.proposed.proverb,
    transliteration: c.proposed.transliteration,
    interpretation: c.proposed.interpretation,
    source: c.proposed.source,
  }
  return (
    <article className="admin-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-card__title">
        {c.proverbSlug ? <Link to={proverbLink(c.proverbSlug)}>“{c.before.proverb}”</Link> : `“${c.before.proverb}”`}
      </h3>
      <dl className="admin-facts">
        <dt>From</dt>
        <dd>
          {c.name} ({c.email}){c.fromUser ? '' : ', no account'}
        </dd>
        {c.ethnicName && (
          <>
            <dt>People</dt>
            <dd>{c.ethnicName}</dd>
          </>
        )}
        <dt>Corrects</dt>
        <dd>{c.changes.join(', ')}</dd>
        <dt>Sent</dt>
        <dd>{formatWhen(c.createdAt)}</dd>
      </dl>
      {FIELDS.map(({ key, label }) => (
        <Difference key={key} label={label} before={c.before[key]} after={c.proposed[key]} />
      ))}
      {c.proposed.source && (
        <p>
          <strong>Source to add:</strong> {c.proposed.source}
        </p>
      )}
      {c.note && (
        <p>
          <strong>Why:</strong> {c.note}
        </p>
      )}
      {changedSince && (
        <div className="notice notice--error">
          <p>{ADMIN_TEXTS.changedSince}</p>
          {FIELDS.map(({ key, label }) => (
            <Difference key={key} label={`${label} now`} before={c.before[key]} after={c.current![key]} />
          ))}
        </div>
      )}
      {c.current === null ? (
        <p className="notice notice--error">{ADMIN_TEXTS.proverbGone}</p>
      ) : (
        <Form<AcceptCorrectionInput>
          schema={acceptCorrectionSchema}
          initialValues={initial}
          label={`Accept correction ${c.id}`}
          submitLabel="Accept and publish"
          busyLabel="Publishing…"
          onSubmit={async (values) => {
            await accept.mutateAsync(values)
            onDone(ADMIN_TEXTS.correctionAccepted)
          }}
          footer={
            !declining && (
              <button type="button" className="button" onClick={() => setDeclining(true)}>
                Decline
              </button>
            )
          }
        >
          <TextAreaField name="proverb" label="Proverb" hint="As it will be published; tidy it if need be." />
          <TextAreaField name="transliteration" label="English rendering" />
          <TextAreaField name="interpretation" label="Meaning" />
          <TextField name="source" label="Source to add" hint="A title and web address, or a book; leave empty to add none." />
        </Form>
      )}
      {(declining || c.current === null) && (
        <ReasonForm
          label={`Decline correction ${c.id}`}
          submitLabel="Decline correction"
          busyLabel="Declining…"
          fieldLabel="Why it is declined"
          hint="The sender is told this."
          onCancel={c.current === null ? undefined : () => setDeclining(false)}
          onSubmit={async (reason) => {
            await decline.mutateAsync(reason)
            onDone(ADMIN_TEXTS.correctionDeclined)
          }}
        />
      )}
    </article>
  )
}

function ReviewedTable({ rows, status }: { rows: AdminCorrection[]; status: Exclude<CorrectionStatus, 'pending'> }) {
  return (
    <DataTable
      caption={status === 'accepted' ? 'Accepted corrections' : 'Declined corrections'}
      rows={rows}
      columns={[
        {
          header: 'Proverb',
          cell: (c) =>
            c.proverbSlug ? <Link to={proverbLink(c.proverbSlug)}>{c.current?.proverb ?? c.before.proverb}</Link> : c.before.proverb,
        },
        { header: 'Corrected', cell: (c) => c.changes.join(', ') },
        { header: 'From', cell: (c) => c.name },
        { header: 'Reviewed', cell: (c) => formatWhen(c.reviewedAt) },
        ...(status === 'declined' ? [{ header: 'Reason', cell: (c: AdminCorrection) => c.declineReason }] : []),
      ]}
    />
  )
}

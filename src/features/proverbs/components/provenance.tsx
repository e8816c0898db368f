import { useQuery } from '@tanstack/react-query'
import type { ProverbChange, ProverbSource, SpeakerCheck } from '@/core/proverbs/contract'
import { sourceLabel } from '@/core/proverbs/sources'
import { formatLongDate } from '@/core/shared/format'
import { joinWithAnd } from '@/core/shared/lists'
import { historyQuery } from '../queries'

/**
 * "Recorded in …": where a reader can check the proverb, linked where it is a page. A collection written in an older
 * spelling shows its own spelling beside the citation, and the list says the proverb's spelling is modernised, so a
 * reader who opens the book finds the words.
 */
export function RecordedIn({ sources, lang }: { sources: ProverbSource[]; lang?: string }) {
  if (sources.length === 0) return null
  const modernised = sources.some((s) => s.original && s.original.trim() !== '')
  return (
    <section className="provenance" aria-labelledby="recorded-in">
      <h2 id="recorded-in" className="provenance__title">
        Recorded in
      </h2>
      {modernised && (
        <p className="provenance__modernised">
          <span className="tag">Spelling modernised</span> A source below writes it in an older or another spelling, shown beside its
          citation.
        </p>
      )}
      <ul className="provenance__sources">
        {sources.map((source, i) => (
          <li key={`${source.url ?? source.title}-${i}`}>
            {source.url ? (
              <a href={source.url} target="_blank" rel="noopener noreferrer">
                {sourceLabel(source)} <span className="visually-hidden">(opens another site)</span>
              </a>
            ) : (
              <cite>{sourceLabel(source)}</cite>
            )}
            {source.original && (
              <>
                : “
                <span className="provenance__original" lang={lang}>
                  {source.original}
                </span>
                ”
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A speaker of the language checked it: their name and the day. */
export function CheckedBySpeaker({ check }: { check: SpeakerCheck | null }) {
  if (!check) return null
  return (
    <p className="provenance__checked">
      <span className="tag tag--accent">Checked by a speaker</span> {check.name}, {formatLongDate(check.at)}
    </p>
  )
}

const KIND_TEXT: Record<ProverbChange['kind'], string> = {
  correction: 'Corrected from a reader’s suggestion',
  edit: 'Revised by the editors',
  checked: 'Checked by a speaker',
}

/** What changed, in a line: "Corrected from a reader’s suggestion: tone marks and rendering". */
export function changeText(change: ProverbChange): string {
  return change.kind === 'checked' || change.fields.length === 0
    ? KIND_TEXT[change.kind]
    : `${KIND_TEXT[change.kind]}: ${joinWithAnd(change.fields)}`
}

/**
 * The proverb's published changes, newest first, folded away. Asked of the server only (it is not kept
 * offline): offline, or before anything changed, nothing is shown.
 */
export function ProverbHistory({ slug }: { slug: string }) {
  const history = useQuery(historyQuery(slug))
  if (!history.data?.length) return null
  return (
    <details className="provenance__history">
      <summary>Changes to this proverb ({history.data.length})</summary>
      <ol>
        {history.data.map((change, i) => (
          <li key={`${change.at}-${i}`}>
            <time dateTime={change.at}>{formatLongDate(change.at)}</time> — {changeText(change)}
          </li>
        ))}
      </ol>
    </details>
  )
}

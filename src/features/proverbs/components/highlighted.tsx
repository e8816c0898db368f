import '../search.css'
import { Fragment, useMemo } from 'react'
import { highlightMatches } from '@/core/proverbs/highlight'

/** Text with the words a search matched marked (tone-insensitively, in the original characters). */
export function Highlighted({ text, terms }: { text: string; terms?: readonly string[] }) {
  const segments = useMemo(() => (terms?.length ? highlightMatches(text, terms) : null), [text, terms])
  if (!segments) return <>{text}</>
  return (
    <>
      {segments.map((segment, i) => (
        <Fragment key={i}>{segment.match ? <mark>{segment.text}</mark> : segment.text}</Fragment>
      ))}
    </>
  )
}

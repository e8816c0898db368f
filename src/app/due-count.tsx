import { LEARN_LINK } from '@/core/learning/texts'
import { badgeCount } from '@/core/shared/format'
import { useLearningCounts } from '@/lib/learning'

/** What the Learn tab's and link's name says after "Learn" while cards are due ("Learn, 5 due"): their badge is not read out. */
export const dueSuffix = (due: number): string => (due > 0 ? `, ${due} due` : '')

/**
 * Learn's label with how many cards are due, for a signed-in reader (the device's count, so offline too): the
 * badge ("99+" past 99, as the bell's) and the word are for the eye, and a hidden copy of the label with the count says
 * it, so the link's name is "Learn, 5 due". The badge sits out of the flow (`badgeClass` places it): it comes and goes without moving anything.
 */
export function DueCount({ badgeClass }: { badgeClass: string }) {
  const due = useLearningCounts()?.due ?? 0
  // The whole name is in one hidden piece: a hidden end after the visible word would be named "Learn , 5 due" in
  // Chromium, which puts a space around an out-of-flow (absolutely placed) element's text.
  return (
    <>
      {due > 0 ? (
        <>
          <span aria-hidden="true">{LEARN_LINK}</span>
          <span className="visually-hidden">
            {LEARN_LINK}
            {dueSuffix(due)}
          </span>
        </>
      ) : (
        <span>{LEARN_LINK}</span>
      )}
      {due > 0 && (
        <span className={badgeClass} aria-hidden="true">
          {badgeCount(due)}
        </span>
      )}
    </>
  )
}

import { LEARN_LINK } from '@/core/learning/texts'
import { badgeCount } from '@/core/shared/format'
import { useLearningCounts } from '@/lib/learning'

/** What the Learn tab's and link's name says after "Learn" while cards are due ("Learn, 5 due"): their badge is not read out. */
export const dueSuffix = (due: number): string => (due > 0 ? `, ${due} due` : '')

/**
 * Learn's label with how many cards are due, for a signed-in reader (the device's count, so offline too): the
 * badge ("99+" past 99, as the bell's) is for the eye and the label's hidden end says it, so the link's name is
 * "Learn, 5 due". The badge sits out of the flow (`badgeClass` places it): it comes and goes without moving anything.
 */
export function DueCount({ badgeClass }: { badgeClass: string }) {
  const due = useLearningCounts()?.due ?? 0
  return (
    <>
      <span>
        {LEARN_LINK}
        {due > 0 && <span className="visually-hidden">{dueSuffix(due)}</span>}
      </span>
      {due > 0 && (
        <span className={badgeClass} aria-hidden="true">
          {badgeCount(due)}
        </span>
      )}
    </>
  )
}

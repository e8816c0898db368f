import '../keep-offer.css'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { isMetered, type ConnectionInfo } from '@/core/shared/connection'
import { formatBytes } from '@/core/shared/format'
import { joinWithAnd } from '@/core/shared/lists'
import { notify } from '@/components/toasts'
import { askPersistentStorage } from '@/lib/device-keeping'
import type { Session } from '@/lib/session'
import { answerKeepQuestion, useKeepChoice } from '../keep-choice'
import { keepPlan } from '../keeper'
import { packSizesQuery, usePacks } from '../packs'

/**
 * Home's one question on a metered connection (docs/decisions/021-keep-by-default.md): elsewhere the reader's peoples
 * are kept without asking; on mobile data or Data Saver, Òwe asks first — once, in one tap, the answer remembered.
 * It stands on the tab bar like the cookie banner, so nothing on the page moves when it comes or goes.
 */
/**
 * While the question shows, the page keeps as much room at its end (src/app/styles.css), so each of its controls
 * scrolls clear of the bar. A ref callback: set up when the bar is drawn, undone when it goes.
 */
function reserveRoom(bar: HTMLElement | null) {
  if (!bar) return
  const root = document.documentElement
  const observer = new ResizeObserver(() => root.style.setProperty('--bottom-bar-room', `${bar.offsetHeight}px`))
  observer.observe(bar)
  return () => {
    observer.disconnect()
    root.style.removeProperty('--bottom-bar-room')
  }
}

export default function KeepOffer({ session }: { session: Session }) {
  const choice = useKeepChoice(session.user.id)
  // Read once: the question is about the connection the reader is on as home opens.
  const [connection] = useState(() => (navigator as Navigator & { connection?: ConnectionInfo }).connection)
  // Off a metered connection, or once answered, nothing is asked (nor read: the sizes come from the server).
  if (!isMetered(connection) || choice.metered !== null) return null
  return <KeepQuestion session={session} declined={choice.declined} saveData={connection?.saveData === true} />
}

function KeepQuestion({ session, declined, saveData }: { session: Session; declined: number[]; saveData: boolean }) {
  const userId = session.user.id
  const sizes = useQuery(packSizesQuery(userId))
  const packs = usePacks(userId)
  if (!sizes.data || !packs.data) return null
  const missing = sizes.data.filter((size) => !packs.data.some((pack) => pack.groupId === size.groupId) && !declined.includes(size.groupId))
  if (missing.length === 0) return null
  const names = joinWithAnd(missing.map((size) => size.group.name))
  const bytes = missing.reduce((sum, size) => sum + size.bytes, 0)

  const keep = () => {
    answerKeepQuestion(userId, true)
    void keepPlan(session)
    void askPersistentStorage().catch(() => false)
    void notify(`Keeping ${names} on this phone. Offline reading shows how it goes.`)
  }
  const notNow = () => {
    answerKeepQuestion(userId, false)
    void notify(`${names} stay online for now. You can keep them at any time from Offline reading.`)
  }
  return (
    <section ref={reserveRoom} className="keep-offer bottom-bar" aria-label="Keeping your peoples on this phone">
      <p className="keep-offer__text">
        <strong>Read your proverbs with no signal.</strong> {saveData ? 'Data Saver is on' : 'You’re on mobile data'}, so Òwe asks before it
        downloads them.
      </p>
      <div className="keep-offer__actions">
        <button type="button" className="button button--primary" onClick={keep}>
          {`Keep ${names} on this phone — ${formatBytes(bytes)}`}
        </button>
        <button type="button" className="button" onClick={notNow}>
          Not now
        </button>
      </div>
    </section>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'
import { ADS_MIN_INTERVAL_MS, ADS_REQUEST_DELAY_MS, resumeAfterSignIn } from '@/core/shared/constants'
import { planToPayQuery } from '@/entities/subscription/plan-to-pay'
import { useHasActivePackage } from '@/entities/subscription/queries'
import { useOnline } from '@/lib/online'
import { useSession } from '@/lib/session'
import { adToggleQuery, advertContentQuery, advertListQuery } from '../queries'
import { isAdFreeRoute, isDue, lastShowing, nextAdvert, recordShowing, wantsAdverts } from '../rules'
import { AdvertOverlay } from './advert-overlay'

/**
 * Adverts for the signed-in user (docs/requirements.md#r8-adverts). The layout loads this module lazily (visitors never
 * download it).
 */
export default function Adverts() {
  const userId = useSession()?.user.id
  // Keyed by user: a different account starts with no round in progress.
  return userId === undefined ? null : <AdvertsFor key={userId} userId={userId} />
}

/**
 * A round: started on arriving at a page when an advert is due; the file list is fetched, the next
 * advert's content is asked for 10 ms after the list loads, and the overlay is open while that content
 * exists, until it is closed. An empty list or any failed fetch ends the round with nothing shown.
 */
type Round = { advertId: number | null; over: boolean }

function AdvertsFor({ userId }: { userId: number }) {
  const { pathname, state } = useLocation()
  const online = useOnline()
  const hasActivePackage = useHasActivePackage(userId)
  // Only a subscriber's toggle matters (docs/requirements.md#r8-adverts).
  const toggle = useQuery({ ...adToggleQuery(userId), enabled: hasActivePackage === true })
  const wanted = wantsAdverts(hasActivePackage, toggle.isSuccess ? toggle.data : undefined)
  // The page a sign-in returned to (a heart tapped as a visitor) is the reader's, not an advert's.
  const allowedHere = !isAdFreeRoute(pathname) && !resumeAfterSignIn(state)

  const [round, setRound] = useState<Round | null>(null)
  const inProgress = round !== null && !round.over
  const list = useQuery({ ...advertListQuery(userId), enabled: wanted && inProgress && round.advertId === null })
  const advertId = inProgress ? round.advertId : null
  const content = useQuery({ ...advertContentQuery(userId, advertId ?? 0), enabled: wanted && advertId !== null })
  // Asked with the round, so an advert for the plans can lead to the checkout of the plan chosen at sign-up.
  const planToPay = useQuery({ ...planToPayQuery(userId), staleTime: ADS_MIN_INTERVAL_MS, enabled: wanted && inProgress })

  // One round per page arrived at, at most: an ended round does not start again on the same page.
  const startedOn = useRef<string | null>(null)
  useEffect(() => {
    if (inProgress || !online || !wanted || !allowedHere || startedOn.current === pathname) return
    if (!isDue(userId, Date.now())) return
    startedOn.current = pathname
    setRound({ advertId: null, over: false })
  }, [inProgress, online, wanted, allowedHere, pathname, userId])

  // The advert is asked for 10 ms after the file list loads (docs/requirements.md#r8-adverts).
  const files = list.data
  // An error kept from an earlier round counts only once asking again has failed too.
  const listFailed = list.isError && !list.isFetching
  useEffect(() => {
    if (!inProgress || round.advertId !== null) return
    if (listFailed || files?.length === 0) {
      setRound({ advertId: null, over: true })
      return
    }
    if (!files) return
    const timer = setTimeout(() => {
      const next = nextAdvert(files, lastShowing(userId)?.advertId)
      setRound(next ? { advertId: next.id, over: false } : { advertId: null, over: true })
    }, ADS_REQUEST_DELAY_MS)
    return () => clearTimeout(timer)
  }, [inProgress, round, files, listFailed, userId])

  const advert = content.status === 'success' ? content.data : undefined
  const open = advert !== undefined && wanted && allowedHere

  const contentFailed = content.isError && !content.isFetching
  useEffect(() => {
    if (contentFailed) setRound({ advertId: null, over: true })
  }, [contentFailed])

  // The showing counts from the moment it opens: spacing and rotation start there.
  const shownId = open ? advert.id : null
  useEffect(() => {
    if (shownId !== null) recordShowing(userId, shownId, Date.now())
  }, [shownId, userId])

  // Leaving for a page without adverts (the back button into a quiz) ends the showing.
  useEffect(() => {
    if (inProgress && round.advertId !== null && !allowedHere) setRound({ advertId: null, over: true })
  }, [inProgress, round, allowedHere])

  if (!open) return null
  const end = () => setRound({ advertId: null, over: true })
  return <AdvertOverlay advert={advert} onClose={end} onFollow={end} planToPay={planToPay.data} />
}

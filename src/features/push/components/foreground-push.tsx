import '../push.css'
import { useQueryClient } from '@tanstack/react-query'
import { createElement, useEffect, useRef, type MouseEvent } from 'react'
import { useNavigate } from 'react-router-dom'
import type { PushData } from '@/core/notifications/contract'
import { appPath, isOpenUrlMessage } from '@/core/notifications/push-data'
import { notify } from '@/components/toasts'
import { listenForeground, syncPushToken } from '../messaging'
import { useSession } from '@/lib/session'
import { usePushStatus } from '../hooks'
import { pushKeys } from '../queries'

/**
 * The toast's content: a real link (so it can be reached and opened from the keyboard), whose click the
 * toast itself turns into an in-app navigation.
 */
export function PushToast({ title, body, url }: PushData) {
  return (
    <a href={url} className="push-toast" onClick={(event: MouseEvent) => event.preventDefault()}>
      <strong>{title}</strong>
      {body && (
        <>
          <br />
          {body}
        </>
      )}
    </a>
  )
}

/**
 * Mounted by the layout for a signed-in user; active while push is on for this device. A push that arrives while the
 * app is visible shows a toast at the top left (docs/requirements.md#r7-notifications-and-push) that opens the
 * message's url; the notification list is refetched at once. It also saves the token again when FCM rotated it or
 * another user signed in here, and routes the page when the worker asks (a window it does not control).
 */
export default function ForegroundPush() {
  const userId = useSession()?.user.id
  const active = usePushStatus() === 'on' && userId !== undefined
  const client = useQueryClient()
  const navigate = useNavigate()
  // The router's navigate changes with the location; the listener should not be renewed for that.
  const navigateRef = useRef(navigate)
  useEffect(() => {
    navigateRef.current = navigate
  })

  useEffect(() => {
    if (!active) return
    let stop: (() => void) | undefined
    let ended = false
    listenForeground((data) => {
      void client.invalidateQueries({ queryKey: pushKeys.notifications(userId) })
      void notify(createElement(PushToast, data), { position: 'top-left', onClick: () => navigateRef.current(data.url) })
    })
      .then((unsubscribe) => (ended ? unsubscribe() : (stop = unsubscribe)))
      .catch((error: unknown) => console.warn('Push: the foreground listener did not start', error))
    syncPushToken(userId).catch((error: unknown) => console.warn('Push: the token could not be checked', error))
    return () => {
      ended = true
      stop?.()
    }
  }, [active, userId, client])

  useEffect(() => {
    if (!active || !('serviceWorker' in navigator)) return
    const onMessage = (event: MessageEvent) => {
      const path = isOpenUrlMessage(event.data) ? appPath(event.data.url, location.origin) : null
      if (path) navigateRef.current(path)
    }
    navigator.serviceWorker.addEventListener('message', onMessage)
    return () => navigator.serviceWorker.removeEventListener('message', onMessage)
  }, [active])

  return null
}

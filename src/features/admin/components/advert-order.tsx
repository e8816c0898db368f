import { useEffect, useRef } from 'react'
import type { AdminAdvert } from '@/core/admin/contract'
import { ADMIN_TEXTS } from '@/core/admin/texts'
import { errorMessage } from '@/components/query-state'
import { reorderAdverts } from '../api'
import { useAdminMutation } from '../mutations'
import { RowButton } from './editable-rows'

/** The order readers see adverts in: by position, then by id. */
export const inShownOrder = (adverts: AdminAdvert[]) => [...adverts].sort((a, b) => a.position - b.position || a.id - b.id)

/** The adverts' ids in shown order, with the one at `index` moved one place up (-1) or down (+1). */
export function movedOrder(adverts: AdminAdvert[], index: number, step: -1 | 1): number[] {
  const ids = adverts.map((advert) => advert.id)
  ;[ids[index], ids[index + step]] = [ids[index + step], ids[index]]
  return ids
}

/**
 * "Move up" and "Move down" on each advert, one move at a time. A move sends the whole new order in one
 * request (the server applies it at once or not at all); afterwards, or after a refusal (an advert added
 * or removed meanwhile), the list is asked again, and the moved advert's button keeps the focus as its
 * row moves.
 */
export function useAdvertOrder(adverts: AdminAdvert[], onMoved: (text: string) => void, onStart: () => void) {
  const move = useAdminMutation(['adverts'], (ids: number[]) => reorderAdverts(ids), { refreshAfterFailure: true })
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const refocus = useRef<{ id: number; up: boolean } | null>(null)
  useEffect(() => {
    if (move.isPending || !refocus.current) return
    const { id, up } = refocus.current
    refocus.current = null
    const [same, opposite] = up ? ['up', 'down'] : ['down', 'up']
    ;(buttons.current.get(`${id}-${same}`) ?? buttons.current.get(`${id}-${opposite}`))?.focus()
  }, [move.isPending, adverts])

  const moveButton = (advert: AdminAdvert, index: number, up: boolean) => {
    const key = `${advert.id}-${up ? 'up' : 'down'}`
    return (
      <RowButton
        ref={(button) => {
          if (button) buttons.current.set(key, button)
          return () => void buttons.current.delete(key)
        }}
        label={up ? ADMIN_TEXTS.moveUp : ADMIN_TEXTS.moveDown}
        separator=": "
        what={advert.name}
        disabled={move.isPending}
        onClick={() => {
          refocus.current = { id: advert.id, up }
          onStart()
          move.mutate(movedOrder(adverts, index, up ? -1 : 1), {
            onSuccess: () => onMoved(`“${advert.name}” moved ${up ? 'up' : 'down'}.`),
          })
        }}
      />
    )
  }

  return {
    /** The row's buttons: the first advert has no "Move up", the last no "Move down". */
    buttons: (advert: AdminAdvert) => {
      const index = adverts.findIndex((each) => each.id === advert.id)
      return (
        <>
          {index > 0 && moveButton(advert, index, true)}
          {index < adverts.length - 1 && moveButton(advert, index, false)}
        </>
      )
    },
    problem: move.isError ? (
      <p className="notice notice--error" role="alert">
        {errorMessage(move.error)}
      </p>
    ) : null,
  }
}

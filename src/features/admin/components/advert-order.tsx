import { useEffect, useRef } from 'react'
import type { AdminAdvert } from '@/core/admin-contract'
import { ADMIN_TEXTS } from '@/core/admin-texts'
import { errorMessage } from '@/components/query-state'
import { updateAdvert } from '../api'
import { useAdminMutation } from '../queries'
import { RowButton } from './editable-rows'

/** The order readers see adverts in: by position, then by id. */
export const inShownOrder = (adverts: AdminAdvert[]) => [...adverts].sort((a, b) => a.position - b.position || a.id - b.id)

export type PositionChange = { id: number; position: number }

const orderAfter = (adverts: AdminAdvert[], changes: PositionChange[]) =>
  inShownOrder(adverts.map((advert) => ({ ...advert, position: changes.find((change) => change.id === advert.id)?.position ?? advert.position }))).map(
    (advert) => advert.id,
  )

/**
 * What moves the advert at `index` (in shown order) one place up (-1) or down (+1): the two adverts swap
 * positions. Where that would not do it (they share a position, or share one with another advert), the
 * two take their places' numbers instead; and if even that would not, every advert takes its place's.
 */
export function positionChanges(adverts: AdminAdvert[], index: number, step: -1 | 1): PositionChange[] {
  const other = index + step
  const [first, second] = [Math.min(index, other), Math.max(index, other)]
  const wanted = adverts.map((advert) => advert.id)
  ;[wanted[first], wanted[second]] = [wanted[second], wanted[first]]
  const a = adverts[first]
  const b = adverts[second]
  const candidates: PositionChange[][] = [
    [
      { id: a.id, position: b.position },
      { id: b.id, position: a.position },
    ],
    [
      { id: a.id, position: second },
      { id: b.id, position: first },
    ],
  ]
  const fits = candidates.find((changes) => orderAfter(adverts, changes).join() === wanted.join())
  if (fits) return fits
  // Every advert at its place's number (the two moved ones always sent, whatever they held before).
  return wanted.flatMap((id, at) => {
    const advert = adverts.find((each) => each.id === id)!
    return advert.position === at && id !== a.id && id !== b.id ? [] : [{ id, position: at }]
  })
}

/**
 * "Move up" and "Move down" on each advert, one move at a time. A move is several PATCHes in turn;
 * afterwards (or after a failure, part of it may have gone through) the list is asked again, and the
 * moved advert's button keeps the focus as its row moves.
 */
export function useAdvertOrder(adverts: AdminAdvert[], onMoved: (text: string) => void) {
  const move = useAdminMutation(
    ['adverts'],
    async (changes: PositionChange[]) => {
      for (const { id, position } of changes) await updateAdvert(id, { position })
    },
    { refreshAfterFailure: true },
  )
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
          move.mutate(positionChanges(adverts, index, up ? -1 : 1), { onSuccess: () => onMoved(`“${advert.name}” moved ${up ? 'up' : 'down'}.`) })
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

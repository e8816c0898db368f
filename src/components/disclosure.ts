import { useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router-dom'

/**
 * A header disclosure (a button that opens a panel): it closes on navigation (an item was chosen), on
 * Escape (focus back on its button) and on a click anywhere outside it. Put `root` on the element holding
 * both, `button` on the button, and `id` on the panel (the button's aria-controls).
 */
export function useDisclosure<Root extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false)
  const id = useId()
  const root = useRef<Root>(null)
  const button = useRef<HTMLButtonElement>(null)
  const { pathname } = useLocation()

  useEffect(() => setOpen(false), [pathname])
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    const onClick = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false)
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open])

  return { open, setOpen, id, root, button }
}

import './tabs.css'
import { useRef, type KeyboardEvent, type ReactNode } from 'react'

type Tab<Id extends string> = { id: Id; label: string }

/**
 * A tablist with automatic activation (ARIA APG): arrow keys, Home and End move to a tab and choose it;
 * only the chosen tab is in the Tab order, and its panel follows. Every tab has a panel (the others
 * hidden), so each aria-controls points at something.
 */
export function Tabs<Id extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string
  idPrefix: string
  tabs: readonly Tab<Id>[]
  selected: Id
  onSelect: (id: Id) => void
  /** The chosen tab's panel content. */
  children: ReactNode
}) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>())
  const index = tabs.findIndex((tab) => tab.id === selected)

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    onSelect(tabs[next].id)
    buttons.current.get(tabs[next].id)?.focus()
  }

  return (
    <>
      <div role="tablist" aria-label={label} className="tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) buttons.current.set(tab.id, element)
              else buttons.current.delete(tab.id)
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${idPrefix}-panel-${tab.id}`}
          aria-labelledby={`${idPrefix}-tab-${tab.id}`}
          tabIndex={0}
          hidden={tab.id !== selected}
          className="tabs__panel"
        >
          {tab.id === selected && children}
        </div>
      ))}
    </>
  )
}

import type { UseQueryResult } from '@tanstack/react-query'
import { createContext, useContext, type ReactNode } from 'react'
import type { EthnicGroup } from '@/core/contract'

type UseGroups = () => UseQueryResult<EthnicGroup[]>

/** The ethnic groups come from the public corpus; the app hands the hook over (features never import each other). */
const GroupsContext = createContext<UseGroups | null>(null)

export function GroupsProvider({ useGroups, children }: { useGroups: UseGroups; children: ReactNode }) {
  return <GroupsContext.Provider value={useGroups}>{children}</GroupsContext.Provider>
}

export function useGroups(): UseQueryResult<EthnicGroup[]> {
  const hook = useContext(GroupsContext)
  if (!hook) throw new Error('useGroups needs a GroupsProvider')
  return hook()
}

/** A group's name by id, for tables ("—" for none, "#7" for one no longer listed). */
export function groupName(groups: EthnicGroup[] | undefined, id: number | null): string {
  if (id === null) return '—'
  return groups?.find((group) => group.id === id)?.name ?? `#${id}`
}

/** The groups as a select's choices: by id, or by slug (as the public pages name them in addresses). */
export function groupChoices(groups: EthnicGroup[] | undefined, by: 'id' | 'slug' = 'id'): { value: string | number; label: string }[] {
  return (groups ?? []).map((group) => ({ value: group[by], label: group.name }))
}

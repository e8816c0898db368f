import type { EthnicGroup } from '@/core/proverbs/contract'

// The console's views of the ethnic groups (from the catalogue, `useGroups` in src/entities/catalogue).

/** A group's name by id, for tables ("—" for none, "#7" for one no longer listed). */
export function groupName(groups: EthnicGroup[] | undefined, id: number | null): string {
  if (id === null) return '—'
  return groups?.find((group) => group.id === id)?.name ?? `#${id}`
}

/** The groups as a select's choices: by id, or by slug (as the public pages name them in addresses). */
export function groupChoices(groups: EthnicGroup[] | undefined, by: 'id' | 'slug' = 'id'): { value: string | number; label: string }[] {
  return (groups ?? []).map((group) => ({ value: group[by], label: group.name }))
}

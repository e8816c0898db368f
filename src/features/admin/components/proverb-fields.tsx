import { SelectField, TextAreaField } from '@/components/form'
import { useQuery } from '@tanstack/react-query'
import type { ProverbInput } from '@/core/admin/contract'
import type { EthnicGroup } from '@/core/proverbs/contract'
import { categoriesQuery } from '../queries'
import { useGroups } from '@/entities/catalogue/queries'
import { useAdminId } from '@/entities/admin/queries'
import { CheckboxesField } from './fields'
import { groupChoices } from './groups'

/** The form's values: the group is a select's string until submitted. */
export type ProverbFormValues = Omit<ProverbInput, 'ethnicGroupId'> & { ethnicGroupId: number | '' }

export function toProverbInput(values: ProverbFormValues): ProverbInput {
  return {
    proverb: values.proverb.trim(),
    transliteration: values.transliteration.trim(),
    interpretation: values.interpretation.trim(),
    ethnicGroupId: Number(values.ethnicGroupId),
    categoryIds: values.categoryIds.map(Number),
  }
}

/** A group named by a suggester ("Yoruba", "yoruba"), if the corpus has it. */
export function findGroup(groups: EthnicGroup[] | undefined, named: string): EthnicGroup | undefined {
  const key = named.trim().toLowerCase()
  return groups?.find((group) => group.name.toLowerCase() === key || group.slug === key || group.language.toLowerCase() === key)
}

/**
 * Proverb, rendering, meaning, group and categories: the fields of a proverb, for a suggestion being
 * published and for the corpus alike. The categories are the console's own list, so one just added shows.
 */
export function ProverbFields() {
  const groups = useGroups()
  const categories = useQuery(categoriesQuery(useAdminId()))
  return (
    <>
      <TextAreaField name="proverb" label="Proverb" />
      <TextAreaField name="transliteration" label="English rendering" />
      <TextAreaField name="interpretation" label="Meaning" />
      <SelectField
        name="ethnicGroupId"
        label="Group"
        placeholder={groups.isPending ? 'Loading the groups…' : 'Choose a group'}
        options={groupChoices(groups.data)}
      />
      <CheckboxesField
        name="categoryIds"
        legend="Categories"
        options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
      />
    </>
  )
}

import { Link } from 'react-router-dom'
import type { EthnicGroup } from '@/core/proverbs/contract'
import { formatThousands } from '@/core/shared/format'
import { ScrollImage } from '@/components/scroll-image'

export function GroupCard({ group }: { group: EthnicGroup }) {
  return (
    <li className="group-card">
      <ScrollImage src={group.image} />
      <Link className="group-card__body" to={`/search_result?ethnic=${group.slug}`}>
        <span className="group-card__name">{group.name}</span>
        <span className="group-card__language">{group.language}</span>
        <span className="group-card__count">{formatThousands(group.proverbCount)} proverbs</span>
      </Link>
    </li>
  )
}

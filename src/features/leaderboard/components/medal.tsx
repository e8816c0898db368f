import type { Medal } from '@/core/quiz/contract'

const MEDALS: Record<Medal, { icon: string; label: string }> = {
  gold: { icon: '🥇', label: 'Gold medal' },
  silver: { icon: '🥈', label: 'Silver medal' },
  bronze: { icon: '🥉', label: 'Bronze medal' },
}

/** A medal with its name for screen readers and on hover: never told by colour alone. */
export function MedalBadge({ medal }: { medal: Medal }) {
  const { icon, label } = MEDALS[medal]
  return (
    <span className={`medal medal--${medal}`} role="img" aria-label={label} title={label}>
      {icon}
    </span>
  )
}

import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router-dom'
import { SuggestCorrectionRoute } from '@/features/community/routes/suggest-correction'
import { proverbQuery } from '@/features/proverbs/queries'

const useProverb = (slug: string) => useQuery(proverbQuery(slug))

/** The correction form starts from the proverb as it reads now; the app hands over its query (features never import each other). */
export default function SuggestCorrectionPage() {
  const [params] = useSearchParams()
  return <SuggestCorrectionRoute slug={params.get('proverb')} useProverb={useProverb} />
}

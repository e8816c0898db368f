import { useSearchParams } from 'react-router-dom'
import { SuggestCorrectionRoute } from '@/features/community/routes/suggest-correction'

/** The correction form for the proverb the address names (?proverb=slug). */
export default function SuggestCorrectionPage() {
  const [params] = useSearchParams()
  return <SuggestCorrectionRoute slug={params.get('proverb')} />
}

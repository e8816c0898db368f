import { Leaderboard } from '@/features/leaderboard/components/leaderboard'
import { QuizHome } from '@/features/quiz/routes/quiz-home'

/** /quiz: the quiz lists with the leaderboard beneath; the app composes the two features. */
export default function QuizPage() {
  return (
    <QuizHome>
      <Leaderboard />
    </QuizHome>
  )
}

import type { Paginated } from '../http/contract'
import type { ProverbRef, ProverbSource } from '../proverbs/contract'

// ——— Quizzes and the leaderboard (docs/requirements.md#r6-quizzes-and-leaderboard) ———

/**
 * How a batch is composed (`questionProperty`, docs/requirements.md#r6-quizzes-and-leaderboard): where its questions
 * come from, its size and pass mark.
 */
export type QuestionProperty = {
  id: number
  name: string
  description: string
  /** Questions about the user's preferred group (the first language they chose). */
  preferredCount: number
  /** Questions about their other readable groups. */
  otherCount: number
  /** General questions about the peoples and languages as a whole. */
  generalCount: number
  /** Questions in a batch (preferred + other + general). */
  size: number
  /** Correct answers needed to pass. */
  passScore: number
  /** Whether every user gets a batch of it each week. */
  weekly: boolean
}

/** Who made a batch: the week's schedule or the user ("generate one"). */
export type QuizSource = 'WEEKLY' | 'USER'
export type QuizOutcome = 'PASSED' | 'FAILED'

/** A batch as listed on /quiz. */
export type QuizBatchSummary = {
  batchId: number
  name: string
  questionPropertId: number
  source: QuizSource
  /** Monday of the batch's week (server time), YYYY-MM-DD. */
  weekStart: string
  createdAt: string
  size: number
  /** Questions the server has an answer for. */
  answered: number
  /** Times the attempt was counted (spec's update_attempt). */
  attempts: number
  /** When the attempt was closed; answers are refused after it. */
  closedAt: string | null
  /** Present once closed. */
  result: { correct: number; points: number; status: QuizOutcome } | null
}

export type QuizAnswerOption = { id: number; text: string; /** Only once the attempt is closed. */ correct?: boolean }

export type QuizQuestionKind = 'fact' | 'meaning' | 'people' | 'complete' | 'cousin'

export type QuizQuestion = {
  ethnicfactQuestionId: number
  /** 1-based position in the batch. */
  position: number
  kind: QuizQuestionKind
  question: string
  /** The proverb the question quotes, in its own script (generated questions only). */
  proverb: string | null
  /** The group it is about; null for general questions. */
  ethnic: ProverbRef | null
  /** BCP 47 tag of the proverb's language, when it quotes one. */
  lang: string | null
  answerOptions: QuizAnswerOption[]
  /** The option this user chose, as the server has it. */
  chosenOptionId: number | null
}

/** The response is a list whose first item is the quiz data (docs/requirements.md#r6-quizzes-and-leaderboard). */
export type QuizData = {
  batchId: number
  name: string
  source: QuizSource
  weekStart: string
  passScore: number
  closedAt: string | null
  questions: QuizQuestion[]
}

/**
 * The answer submission item (docs/requirements.md#r6-quizzes-and-leaderboard); `batchId` says which batch it belongs
 * to.
 */
export type QuizAnswerItem = { batchId: number; answerOptionId: number; ethnicFactQuestionId: number }

export type QuizAnswerReceipt = {
  batchId: number
  ethnicFactQuestionId: number
  answerOptionId: number
  /** True when the Idempotency-Key had been seen: nothing changed. */
  replayed: boolean
}

/** GET /api/quiz/answer/{batchId}/{questionId}: the answer this user gave, or null. */
export type QuizGivenAnswer = { batchId: number; ethnicFactQuestionId: number; answerOptionId: number | null }

/** GET /quiz_attempt/calculate/{batchId} once the attempt is closed. */
export type QuizResult = {
  batchId: number
  name: string
  total: number
  correct: number
  wrong: number
  /** Questions left without an answer (counted as neither right nor wrong). */
  unanswered: number
  passScore: number
  points: number
  status: QuizOutcome
  closedAt: string
  review: {
    ethnicfactQuestionId: number
    position: number
    question: string
    proverb: string | null
    lang: string | null
    chosenOptionId: number | null
    correctOptionId: number
    answerOptions: { id: number; text: string }[]
    /** Why the right answer is right: the bank's note for a fact question (null when it has none). */
    note: string | null
    /** For a question made from a proverb, the proverb itself: its people, words, rendering and meaning. */
    source: QuizReviewSource | null
    /** Where a fact question's answer is recorded (empty for questions made from proverbs, whose pages say it). */
    sources: ProverbSource[]
  }[]
}

export type QuizReviewSource = { ethnic: ProverbRef; proverb: string; lang: string | null; transliteration: string; interpretation: string }

export type QuizAttempt = { batchId: number; attempts: number; closedAt: string }

export type LeaderboardPeriod = 'week' | 'all'
export type Medal = 'gold' | 'silver' | 'bronze'

export type LeaderboardEntry = {
  position: number
  userId: number
  firstName: string
  lastName: string
  points: number
  /** When the player reached these points (their last finished quiz); earlier ranks first on a tie. */
  date: string
  medal: Medal | null
}

/** GET /api/leaderboard/get_players?period=&page=&size= (paginated; also names the period). */
export type LeaderboardPage = Paginated<LeaderboardEntry> & { period: LeaderboardPeriod; weekStart: string }

/** GET /api/leaderboard/get_player?period=&userId= (default: the caller). */
export type LeaderboardPlayer = {
  period: LeaderboardPeriod
  weekStart: string
  /** Null when the player has no points in the period. */
  entry: LeaderboardEntry | null
  player: { userId: number; firstName: string; lastName: string }
  /** Their latest finished quizzes, newest first. */
  recent: { batchId: number; name: string; correct: number; total: number; points: number; status: QuizOutcome; closedAt: string }[]
}

export { default } from '@/features/quiz/routes/quiz-result'

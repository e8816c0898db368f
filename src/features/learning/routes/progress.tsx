import '../learning.css'
import { Link } from 'react-router-dom'
import { Loading } from '@/components/query-state'
import { PROGRESS_TEXTS } from '@/core/learning/review-texts'
import { percent } from '../progress-figures'
import { useProgress } from '../deck'
import { LearnHeader } from '../components/learn-header'
import { ProgressCharts } from '../components/progress-charts'

/**
 * /learn/progress (docs/requirements.md#r18-learning): the deck's numbers from the device's log — how many
 * proverbs, how many learned, retention — and charts of reviews per day, the deck, and the share remembered,
 * each with its numbers in a table. Offline the numbers and tables stay; a chart needs Chart.js fetched once.
 */
export default function ProgressRoute() {
  const progress = useProgress()
  return (
    <div className="learn">
      <LearnHeader title={PROGRESS_TEXTS.title} />
      {!progress ? (
        <div className="learn__loading">
          <Loading label={PROGRESS_TEXTS.loading} lines={4} />
        </div>
      ) : (
        <>
          <dl className="progress-stats">
            <div>
              <dt>{PROGRESS_TEXTS.deck}</dt>
              <dd className="progress-stats__value">{progress.deck}</dd>
            </div>
            <div>
              <dt>{PROGRESS_TEXTS.learned}</dt>
              <dd className="progress-stats__value">{progress.learned}</dd>
              <dd className="progress-stats__detail">{PROGRESS_TEXTS.learnedDetail}</dd>
            </div>
            <div>
              <dt>{PROGRESS_TEXTS.retention}</dt>
              <dd className="progress-stats__value">
                {progress.retention === null ? PROGRESS_TEXTS.retentionNone : percent(progress.retention)}
              </dd>
              <dd className="progress-stats__detail">
                {progress.retention === null ? PROGRESS_TEXTS.retentionNoneDetail : PROGRESS_TEXTS.retentionDetail}
              </dd>
            </div>
          </dl>
          {progress.reviewsPerDay.length === 0 ? (
            <div className="notice" role="status">
              <p className="notice__title">{PROGRESS_TEXTS.empty}</p>
              <p>
                {PROGRESS_TEXTS.emptyDetail} <Link to="/learn">{PROGRESS_TEXTS.startReviewing}</Link>
              </p>
            </div>
          ) : (
            <ProgressCharts progress={progress} />
          )}
        </>
      )}
    </div>
  )
}

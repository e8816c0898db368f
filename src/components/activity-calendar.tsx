import { CALENDAR_DAYS, type LocalDay } from '@/core/learning/contract'
import { shiftDay } from '@/core/learning/days'
import { STREAK_TEXTS } from '@/core/learning/streak-texts'

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** 0 for a Monday … 6 for a Sunday. */
const weekday = (day: LocalDay) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7

type Cell = { day: LocalDay; active: boolean; today: boolean } | null

/**
 * The calendar's rows, Monday to Sunday, each a day of every week from the one holding the first of the `count`
 * days to the one holding today (days outside them are null).
 */
export function calendarRows(today: LocalDay, active: Iterable<LocalDay>, count = CALENDAR_DAYS): Cell[][] {
  const activeDays = new Set(active)
  const first = shiftDay(today, 1 - count)
  const start = shiftDay(first, -weekday(first))
  const weeks = Math.ceil((weekday(first) + count) / 7)
  return WEEKDAYS.map((_, row) =>
    Array.from({ length: weeks }, (_, week) => {
      const day = shiftDay(start, week * 7 + row)
      return day < first || day > today ? null : { day, active: activeDays.has(day), today: day === today }
    }),
  )
}

/**
 * The active days of the last 120 days (docs/requirements.md#r18-learning) as a grid of weeks, a column each,
 * Monday at the top, today marked. It is a table: each day a cell named by its date and whether it counted
 * ("November 27th, 2026: active"), each row by its weekday. Its size is fixed by the cells', so it never moves
 * what follows. Styles: the global base (src/app/styles.css).
 */
export function ActivityCalendar({ today, days, count = CALENDAR_DAYS }: { today: LocalDay; days: LocalDay[]; count?: number }) {
  const rows = calendarRows(today, days, count)
  return (
    <div className="activity-calendar">
      <table>
        <caption>{STREAK_TEXTS.calendar(count)}</caption>
        <tbody>
          {rows.map((cells, row) => (
            <tr key={WEEKDAYS[row]}>
              <th scope="row">
                <span aria-hidden="true">{row % 2 === 0 ? WEEKDAYS[row].slice(0, 1) : ''}</span>
                <span className="visually-hidden">{WEEKDAYS[row]}</span>
              </th>
              {cells.map((cell, week) =>
                cell ? (
                  <td
                    key={cell.day}
                    className={`activity-calendar__day${cell.active ? ' activity-calendar__day--active' : ''}${cell.today ? ' activity-calendar__day--today' : ''}`}
                  >
                    <span className="visually-hidden">{STREAK_TEXTS.day(cell.day, cell.active, cell.today)}</span>
                  </td>
                ) : (
                  <td key={`outside-${week}`} className="activity-calendar__outside" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {/* For the eye: each cell says it all. */}
      <p className="activity-calendar__legend" aria-hidden="true">
        <span>
          <span className="activity-calendar__swatch activity-calendar__day--active" /> {STREAK_TEXTS.legendActive}
        </span>
        <span>
          <span className="activity-calendar__swatch" /> {STREAK_TEXTS.legendInactive}
        </span>
        <span>
          <span className="activity-calendar__swatch activity-calendar__day--today" /> {STREAK_TEXTS.legendToday}
        </span>
      </p>
    </div>
  )
}

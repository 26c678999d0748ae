/**
 * Dates of a task: start_date ≤ end_date, end_time only with end_date, and a deadline not in the
 * past. The deadline is end_date at end_time — or, without end_time, the whole of end_date —
 * in the organization's time zone (the organization setting `timeZone`, an IANA name set with
 * `tasks settings --time-zone`; UTC when unset). A deadline earlier today is past; one later
 * today, or today without a time, is not.
 */
import { invalidField, validationError } from '../../http/errors.ts';
import { localNow } from '../../platform/time-zone.ts';

export interface TaskDates {
  start_date: string | null;
  end_date: string | null;
  end_time: string | null;
}

/** Order checks on the dates a task will have; `checkDeadline` also refuses a past deadline. */
export function checkDates(dates: TaskDates, timeZone: string, checkDeadline: boolean, now: Date = new Date()): void {
  if (dates.end_time !== null && dates.end_date === null) throw invalidField('end_time', 'needs end_date: a deadline time is a time of the deadline date');
  if (dates.start_date !== null && dates.end_date !== null && dates.end_date < dates.start_date) {
    throw invalidField('end_date', `must not be before start_date (${dates.start_date})`);
  }
  if (!checkDeadline || dates.end_date === null) return;
  const today = localNow(timeZone, now);
  const past = dates.end_time === null ? dates.end_date < today.slice(0, 10) : `${dates.end_date}T${dates.end_time}` < today;
  if (past) {
    const deadline = dates.end_time === null ? dates.end_date : `${dates.end_date} ${dates.end_time}`;
    throw validationError(`the deadline ${deadline} (${timeZone}) is in the past`, [{ field: 'end_date', message: `the deadline ${deadline} (${timeZone}) is in the past` }]);
  }
}

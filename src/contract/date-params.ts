/**
 * Dates in paths, queries and bodies, parsed strictly by the contract: a day that is not in the
 * calendar (2026-13-45, 0000-00-00, 2026-02-30) or an instant PostgreSQL cannot store (year 0,
 * year 10000 once moved to UTC) is a 400 `invalidRequest` before any handler runs. Before this,
 * a regex-only day reached `new Date()` as Invalid Date and the database driver answered a 500.
 * Every endpoint with a date takes it from here.
 */
import { z } from 'zod';
import { calendarDateSchema } from './define';
import { VALIDATION_MESSAGES } from './validation-messages';

/** Years PostgreSQL's timestamps and JavaScript's ISO strings agree on (4 digits, after Christ). */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;

/** A day, `YYYY-MM-DD`, that exists in the calendar. */
export function dayParam() {
  return calendarDateSchema;
}

/** An instant, ISO 8601 with an offset (`2026-05-01T08:00:00Z`, `…+02:00`), on a real day, years 1–9999 in UTC. */
export function dateTimeParam() {
  return z.iso.datetime({ offset: true }).refine(
    (value) => {
      const time = Date.parse(value);
      if (!Number.isFinite(time)) return false;
      const year = new Date(time).getUTCFullYear();
      return year >= FIRST_YEAR && year <= LAST_YEAR;
    },
    { message: VALIDATION_MESSAGES.calendarDay },
  );
}

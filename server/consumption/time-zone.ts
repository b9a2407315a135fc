/** The caller's time zone decides which day an analysis falls on (a French user's 00:30 is not yesterday). */
import { HttpError } from '../http-error';

const UTC = 'UTC';

/** The IANA name if this runtime knows it; 400 otherwise (PostgreSQL would fail on it later). */
export function checkedTimeZone(tz: string | undefined): string {
  if (tz === undefined || tz === '') return UTC;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone;
  } catch {
    throw new HttpError(400, { message: `Unknown time zone ${tz}`, code: 'invalidTimeZone' });
  }
}

/** Today's date (`YYYY-MM-DD`) in `tz`. */
export function todayIn(tz: string, now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Date rules: French dd/mm/yy with Monday first, English mm/dd/yy with Sunday first. */
import { describe, expect, it } from 'vitest';
import { format } from 'date-fns';
import { dateInputPattern, firstDayOfWeek, formatDate, formatDateTime, formatTime, localDay } from './dates';

describe('formatDate', () => {
  const date = new Date(2026, 10, 3);

  it('writes French dates day first', () => {
    expect(formatDate(date, 'fr')).toBe('03/11/26');
  });

  it('writes English dates month first', () => {
    expect(formatDate(date, 'en')).toBe('11/03/26');
  });

  it('writes a calendar day as that day west of Greenwich too', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Montreal';
    try {
      expect(formatDate('2026-12-01', 'fr')).toBe('01/12/26');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('reads a calendar day as local midnight for other formats, west of Greenwich too', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Montreal';
    try {
      expect(format(localDay('2026-12-01'), 'yyyy-MM-dd HH:mm')).toBe('2026-12-01 00:00');
      expect(format(localDay('2026-12-01T13'), 'yyyy-MM-dd')).toBe('2026-12-01');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('accepts timestamps', () => {
    expect(formatDate(date.getTime(), 'fr')).toBe('03/11/26');
  });
});

describe('firstDayOfWeek', () => {
  it('is Monday in French and Sunday in English', () => {
    expect(firstDayOfWeek('fr')).toBe(1);
    expect(firstDayOfWeek('en')).toBe(0);
  });
});

describe('formatTime', () => {
  it('writes a time of day in 24 hours in French, 12 in English', () => {
    const moment = new Date(2026, 10, 3, 14, 5, 30);
    expect(formatTime(moment, 'fr')).toBe('14:05');
    expect(formatTime(moment, 'en')).toBe('2:05 PM');
  });
});

describe('the same dates as the date inputs read them', () => {
  // The date fields parse what is typed with dateInputPattern (date-fns): what is shown must read back.
  it('writes every hour, day and month as date-fns writes the input patterns', () => {
    for (const language of ['fr', 'en'] as const) {
      for (let hour = 0; hour < 24; hour++) {
        const moment = new Date(2031, hour % 12, 1 + hour, hour, (hour * 7) % 60);
        expect(formatDate(moment, language)).toBe(format(moment, dateInputPattern(language)));
        expect(formatDateTime(moment, language)).toBe(format(moment, dateInputPattern(language, true)));
      }
    }
    expect(formatDateTime(new Date(1999, 0, 9, 0, 0), 'en')).toBe('01/09/99 12:00 AM');
    expect(formatDateTime(new Date(2000, 11, 31, 12, 5), 'fr')).toBe('31/12/00 12:05');
  });

  it('refuses a date that is no date, as before', () => {
    expect(() => formatDateTime('not a date', 'fr')).toThrow(RangeError);
  });
});

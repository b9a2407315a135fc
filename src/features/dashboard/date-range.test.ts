/** The dashboard's ranges (§2.4) with the locale's first day of week (§9), from Wednesday 15 January 2025. */
import { describe, expect, it } from 'vitest';
import { resolveRange } from './date-range';

const WEDNESDAY = '2025-01-15';
const MONDAY = 1;
const SUNDAY = 0;

describe('dashboard date ranges', () => {
  it('resolves "last week" from the locale first day of week', () => {
    expect(resolveRange({ relative: 'last', unit: 'week', n: 1 }, WEDNESDAY, MONDAY)).toEqual({ from: '2025-01-06', to: '2025-01-12', bucket: 'day' });
    expect(resolveRange({ relative: 'last', unit: 'week', n: 1 }, WEDNESDAY, SUNDAY)).toEqual({ from: '2025-01-05', to: '2025-01-11', bucket: 'day' });
  });

  it('resolves "this" from the first day of the unit to today', () => {
    expect(resolveRange({ relative: 'this', unit: 'week', n: 1 }, WEDNESDAY, MONDAY)).toMatchObject({ from: '2025-01-13', to: WEDNESDAY });
    expect(resolveRange({ relative: 'this', unit: 'day', n: 1 }, WEDNESDAY, MONDAY)).toEqual({ from: WEDNESDAY, to: WEDNESDAY, bucket: 'hour' });
    expect(resolveRange({ relative: 'this', unit: 'quarter', n: 1 }, '2025-05-20', MONDAY)).toMatchObject({ from: '2025-04-01', to: '2025-05-20', bucket: 'week' });
    expect(resolveRange({ relative: 'this', unit: 'year', n: 1 }, WEDNESDAY, MONDAY)).toMatchObject({ from: '2025-01-01', bucket: 'day' });
  });

  it('resolves "last" month, quarter and year as whole units', () => {
    expect(resolveRange({ relative: 'last', unit: 'month', n: 1 }, '2025-03-10', MONDAY)).toEqual({ from: '2025-02-01', to: '2025-02-28', bucket: 'day' });
    expect(resolveRange({ relative: 'last', unit: 'quarter', n: 1 }, WEDNESDAY, MONDAY)).toEqual({ from: '2024-10-01', to: '2024-12-31', bucket: 'week' });
    expect(resolveRange({ relative: 'last', unit: 'year', n: 1 }, WEDNESDAY, MONDAY)).toEqual({ from: '2024-01-01', to: '2024-12-31', bucket: 'month' });
    expect(resolveRange({ relative: 'last', unit: 'day', n: 1 }, '2025-03-01', MONDAY)).toEqual({ from: '2025-02-28', to: '2025-02-28', bucket: 'hour' });
  });

  it('resolves "past N" as the N units up to today, bounded', () => {
    expect(resolveRange({ relative: 'past', unit: 'day', n: 7 }, WEDNESDAY, MONDAY)).toEqual({ from: '2025-01-09', to: WEDNESDAY, bucket: 'day' });
    expect(resolveRange({ relative: 'past', unit: 'month', n: 3 }, WEDNESDAY, MONDAY)).toEqual({ from: '2024-10-16', to: WEDNESDAY, bucket: 'week' });
    expect(resolveRange({ relative: 'past', unit: 'year', n: 99 }, WEDNESDAY, MONDAY)).toMatchObject({ from: '2020-01-16', bucket: 'month' });
  });
});

describe('dashboard range in the address', () => {
  it('round-trips and falls back to this week on anything else', async () => {
    const { parseRangeParam, rangeParam, DEFAULT_RANGE } = await import('./date-range');
    expect(parseRangeParam(rangeParam({ relative: 'past', unit: 'month', n: 3 }))).toEqual({ relative: 'past', unit: 'month', n: 3 });
    expect(parseRangeParam('last-week')).toMatchObject({ relative: 'last', unit: 'week' });
    expect(parseRangeParam('past-9999-year')).toEqual(DEFAULT_RANGE);
    expect(parseRangeParam('past-99-year')).toEqual({ relative: 'past', unit: 'year', n: 5 });
    expect(parseRangeParam(null)).toEqual(DEFAULT_RANGE);
  });
});

/** Contract years of §3/§9: 1 January by default, any anniversary otherwise, and their months. */
import { describe, expect, it } from 'vitest';
import { contractYear, contractYearOn, monthsOf } from './contract-year';

describe('contract years', () => {
  it('run from 1 January to 31 December with the default start date', () => {
    expect(contractYear('2024-01-01', 2026)).toEqual({ year: 2026, start: '2026-01-01', end: '2026-12-31' });
    expect(monthsOf(contractYear('2024-01-01', 2026)).map((m) => [m.month, m.from, m.to])).toEqual(
      Array.from({ length: 12 }, (_, i) => {
        const month = String(i + 1).padStart(2, '0');
        const last = new Date(Date.UTC(2026, i + 1, 0)).getUTCDate();
        return [`2026-${month}`, `2026-${month}-01`, `2026-${month}-${last}`];
      }),
    );
  });

  it('start on the anniversary of a mid-month start date and end the day before the next', () => {
    expect(contractYear('2023-03-15', 2026)).toEqual({ year: 2026, start: '2026-03-15', end: '2027-03-14' });
    expect(contractYearOn('2023-03-15', '2026-03-14')).toMatchObject({ year: 2025, end: '2026-03-14' });
    expect(contractYearOn('2023-03-15', '2026-03-15')).toMatchObject({ year: 2026, start: '2026-03-15' });
    expect(contractYearOn('2023-03-15', '2026-12-31').year).toBe(2026);
    expect(contractYearOn('2023-03-15', '2027-01-01').year).toBe(2026);
  });

  it('cut the first and last calendar months, so a mid-month year has 13 of them', () => {
    const months = monthsOf(contractYear('2023-03-15', 2026));
    expect(months).toHaveLength(13);
    expect(months[0]).toEqual({ month: '2026-03', from: '2026-03-15', to: '2026-03-31' });
    expect(months[1]).toEqual({ month: '2026-04', from: '2026-04-01', to: '2026-04-30' });
    expect(months[12]).toEqual({ month: '2027-03', from: '2027-03-01', to: '2027-03-14' });
  });

  it('move a 29 February start to the 28th in common years', () => {
    expect(contractYear('2024-02-29', 2025)).toEqual({ year: 2025, start: '2025-02-28', end: '2026-02-27' });
    expect(contractYear('2024-02-29', 2027)).toEqual({ year: 2027, start: '2027-02-28', end: '2028-02-28' });
    expect(contractYear('2024-02-29', 2028).start).toBe('2028-02-29');
  });
});

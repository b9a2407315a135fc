/** The analyses list's filters survive the URL (back, reload, a shared link), the category filter included. */
import { describe, expect, it } from 'vitest';
import { readFilters, toQuery, writeFilters } from './list-filters';

describe('analyses list filters', () => {
  it('keep the category filter in the URL and send it trimmed, and send none when it is empty', () => {
    const filters = { ...readFilters(new URLSearchParams('')), category: ' réparation hublot ', statuses: ['processed' as const] };
    const url = writeFilters(filters);
    expect(url.get('category')).toBe(' réparation hublot ');
    expect(readFilters(url)).toEqual(filters);
    expect(toQuery(readFilters(url))).toMatchObject({ category: 'réparation hublot', status: ['processed'] });
    expect(toQuery(readFilters(new URLSearchParams('category=')))).not.toHaveProperty('category');
  });
});

// @vitest-environment jsdom
/** The SRE counter shows each organisation's contract year in the reader's date format, not as ISO days. */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AnalysesCounter } from '../../contract/sre';
import { initI18n } from '../../i18n/setup';
import { AnalysesCounterPage } from './analyses-counter-page';
import { sreQueries } from './queries';

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 0, 15, 10));
  await initI18n('fr');
});
afterEach(cleanup);
afterAll(() => vi.useRealTimers());

const counter: AnalysesCounter = {
  from: '2026-01-01',
  to: '2026-01-15',
  organisations: [
    {
      organisationId: 'demo',
      name: 'Démo',
      analyses: 42,
      contractYear: { year: 2025, start: '2025-03-15', end: '2026-03-14' },
      quota: { yearlyQuota: 10_000, used: 1203, left: 8797 },
      projects: [],
    },
  ],
};

describe('SRE analyses counter', () => {
  it('shows the contract year in French dates', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    client.setQueryData(sreQueries.counter('2026-01-01', '2026-01-15', tz).queryKey, counter);
    render(
      <QueryClientProvider client={client}>
        <AnalysesCounterPage />
      </QueryClientProvider>,
    );
    const row = screen.getByTestId('counter-demo');
    expect(row.textContent).toContain('(15/03/25 – 14/03/26)');
    expect(row.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

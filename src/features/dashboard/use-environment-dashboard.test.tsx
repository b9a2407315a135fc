// @vitest-environment jsdom
/**
 * The dashboard's range lives in the address; two picks in a row (the relative choice, then the unit)
 * must both stay there, even when the second comes before the page re-rendered the first.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../../i18n/setup';
import type { RangeChoice } from './date-range';
import { useEnvironmentDashboard } from './use-environment-dashboard';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

/** Each button makes its picks within one event, as a script (or a quick hand) can. */
function Probe({ picks }: { picks: Partial<RangeChoice>[] }) {
  const dashboard = useEnvironmentDashboard('e1');
  return (
    <>
      <p data-testid="range">{`${dashboard.choice.relative}-${dashboard.choice.unit}`}</p>
      <button onClick={() => picks.forEach((pick) => dashboard.choose(pick))}>pick</button>
    </>
  );
}

function renderAt(path: string, picks: Partial<RangeChoice>[]) {
  // Figures are not what this test reads: the query never answers.
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: () => new Promise(() => undefined), retry: false } } });
  const router = createMemoryRouter([{ path: '/dashboard', element: <Probe picks={picks} /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the dashboard range', () => {
  it('keeps both of two picks made before the page re-rendered', async () => {
    const router = renderAt('/dashboard?range=this-month', [{ relative: 'last' }, { unit: 'week' }]);
    expect(screen.getByTestId('range').textContent).toBe('this-month');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'pick' })));
    expect(new URLSearchParams(router.state.location.search).get('range')).toBe('last-week');
    expect(screen.getByTestId('range').textContent).toBe('last-week');
  });

  it('follows the address when it changes from elsewhere (a link, the back button)', async () => {
    const router = renderAt('/dashboard?range=this-month', [{ unit: 'month' }]);
    await act(() => router.navigate('/dashboard?range=past-3-quarter'));
    expect(screen.getByTestId('range').textContent).toBe('past-quarter');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'pick' })));
    expect(new URLSearchParams(router.state.location.search).get('range')).toBe('past-3-month');
  });
});

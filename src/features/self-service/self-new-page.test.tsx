// @vitest-environment jsdom
/** Creating a use case from the library opens it (its analyses), rather than the home's list it joined. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '../../app/paths';
import { initI18n } from '../../i18n/setup';
import { selfServiceQueries } from './queries';
import { SelfNewPage } from './self-new-page';

const calls = vi.hoisted(() => [] as { id: string; body: unknown }[]);
vi.mock('../../api/request', async (original) => ({
  ...(await original<typeof import('../../api/request')>()),
  request: vi.fn((endpoint: { id: string }, input: { body?: unknown }) => {
    calls.push({ id: endpoint.id, body: input.body });
    if (endpoint.id === 'useCases.list') return Promise.resolve([{ kind: 'kit', id: 'k1', name: 'Sinistres', description: 'Les déclarations de sinistre', summary: {} }]);
    if (endpoint.id === 'selfService.create') {
      return Promise.resolve({ id: 'env-self-1', name: 'Mes sinistres', languages: ['fr'], retention: 30, analysesThisMonth: 0, lastActivityAt: null });
    }
    return Promise.resolve(undefined);
  }),
}));

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(() => {
  cleanup();
  calls.length = 0;
});

describe('creating a self-service use case', () => {
  it('opens the new use case once it is created', async () => {
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(selfServiceQueries.overview().queryKey, {
      firstname: 'Léa',
      organisationId: 'o1',
      organisationName: 'Démo',
      projectId: null,
      quota: { monthlyQuota: 10, used: 0, left: 10, renewsOn: '2026-04-01' },
      useCases: [],
    } as never);
    const router = createMemoryRouter(
      [
        { path: '/self/new', element: <SelfNewPage /> },
        { path: '/self/:envId/analyses', element: <p>use case page</p> },
        { path: '/self', element: <p>home page</p> },
      ],
      { initialEntries: [paths.selfNew()] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('radio', { name: 'Sinistres' }));
    const name = screen.getByLabelText("Nom du cas d'usage");
    await user.clear(name);
    await user.type(name, 'Mes sinistres');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await screen.findByText('use case page');
    expect(router.state.location.pathname).toBe(paths.selfAnalyses('env-self-1'));
    expect(calls.find((call) => call.id === 'selfService.create')?.body).toEqual({ name: 'Mes sinistres', source: { kind: 'kit', kitId: 'k1' } });
  });
});

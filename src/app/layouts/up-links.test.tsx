// @vitest-environment jsdom
/**
 * The side menus lead back up: an environment's menu to its project, a project's menu to
 * its organisation, in French; a click follows them.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { environmentQueries } from '../../features/environments/queries';
import { initI18n } from '../../i18n/setup';
import { EnvironmentLayout } from './environment-layout';
import { ProjectLayout } from './project-layout';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  // The project names its organisation: what the project menu's way up needs.
  client.setQueryData(environmentQueries.project('p1').queryKey, { id: 'p1', name: 'Sinistres', organisationId: 'o1' } as never);
  const router = createMemoryRouter(
    [
      { path: '/orga/:orgaId', element: <h1>Page de l'organisation</h1> },
      { path: '/project/:projectId', element: <ProjectLayout />, children: [{ index: true, element: <h1>Accueil du projet</h1> }] },
      { path: '/project/:projectId/environment/:envId', element: <EnvironmentLayout />, children: [{ index: true, element: <h1>Accueil de l'environnement</h1> }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const sideMenu = () => document.querySelector<HTMLElement>('nav.p-side-nav')!;

describe('side menus', () => {
  it('lead from an environment up to its project, then up to its organisation', async () => {
    const router = renderAt('/project/p1/environment/e1');
    await screen.findByRole('heading', { name: "Accueil de l'environnement" });
    fireEvent.click(within(sideMenu()).getByRole('link', { name: 'Retour au projet' }));
    await screen.findByRole('heading', { name: 'Accueil du projet' });
    expect(router.state.location.pathname).toBe('/project/p1');
    fireEvent.click(within(sideMenu()).getByRole('link', { name: "Retour à l'organisation" }));
    await screen.findByRole('heading', { name: "Page de l'organisation" });
    expect(router.state.location.pathname).toBe('/orga/o1');
  });
});

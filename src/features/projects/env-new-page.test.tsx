// @vitest-environment jsdom
/**
 * The new-environment page: each use-case template is named by its title in the reader's language,
 * never by its id (`insurance:meeting` read as a key gave "meeting (insurance:meeting)"), with what
 * the picked one does; and creating an environment opens it, rather than the project's list it joined.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '../../app/paths';
import type { Project } from '../../contract/organisations';
import { changeLanguage, initI18n } from '../../i18n/setup';
import { EnvNewPage } from './env-new-page';
import { projectQueries } from './queries';

const calls = vi.hoisted(() => [] as { id: string; body: unknown }[]);
vi.mock('../../api/request', async (original) => ({
  ...(await original<typeof import('../../api/request')>()),
  request: vi.fn((endpoint: { id: string }, input: { body?: unknown }) => {
    calls.push({ id: endpoint.id, body: input.body });
    if (endpoint.id === 'environments.create') {
      return Promise.resolve({ id: 'env-new-1', name: 'Recette', visibility: 'public', priority: false, modules: [], lastAnalysisAt: null, createdAt: '2026-01-01T00:00:00.000Z', deleting: false });
    }
    return Promise.resolve([]);
  }),
}));

const PROJECT: Project = { id: 'p1', organisationId: 'o1', name: 'Courrier entrant', type: 'IC', notes: null, createdAt: '2026-01-01T00:00:00.000Z', environmentsCount: 1, profile: 'configurator', capabilities: [] };

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(async () => {
  cleanup();
  calls.length = 0;
  await changeLanguage('fr');
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(projectQueries.detail('p1').queryKey, PROJECT);
  const router = createMemoryRouter(
    [
      { path: '/project/:projectId/env-new', element: <EnvNewPage /> },
      { path: '/project/:projectId/environment/:envId', element: <p>environment page</p> },
      { path: '/project/:projectId', element: <p>project page</p> },
    ],
    { initialEntries: [paths.createEnv('p1')] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const templateSelect = () => screen.getByLabelText("Modèle de cas d'usage", { selector: 'select' }) as HTMLSelectElement;

describe('creating an environment', () => {
  it('opens the new environment once it is created', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await user.type(screen.getByLabelText(/^Nom/), 'Recette');
    await user.click(screen.getByRole('button', { name: "Créer l'environnement" }));
    await screen.findByText('environment page');
    expect(router.state.location.pathname).toBe(paths.environment('p1', 'env-new-1'));
    expect(calls.filter((call) => call.id === 'environments.create')).toHaveLength(1);
  });
});

describe('new environment from a use-case template', () => {
  it('lists the templates by their French titles, without their ids', () => {
    renderPage();
    expect([...templateSelect().options].map((option) => option.textContent)).toEqual(['Assurance — prise de rendez-vous', 'Tourisme — messages de compagnies aériennes', 'Commerce — devis et commandes']);
    expect(document.body.textContent).not.toMatch(/insurance|meeting|tourism|retail/);
    expect(document.body.textContent).toContain('prendre, déplacer ou annuler un rendez-vous');
  });

  it('describes the template picked', () => {
    renderPage();
    fireEvent.change(templateSelect(), { target: { value: 'retail:quotes-and-orders' } });
    expect(document.body.textContent).not.toContain('prendre, déplacer ou annuler un rendez-vous');
    expect(document.body.textContent).not.toMatch(/retail|quotes/);
  });
});

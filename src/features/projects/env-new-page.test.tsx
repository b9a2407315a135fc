// @vitest-environment jsdom
/**
 * CreateEnv names each use-case template by its title in the reader's language, never by its id
 * (`insurance:meeting` read as a key gave "meeting (insurance:meeting)"), and says what the picked one does.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Project } from '../../contract/organisations';
import { changeLanguage, initI18n } from '../../i18n/setup';
import { EnvNewPage } from './env-new-page';
import { projectQueries } from './queries';

beforeAll(() => initI18n('fr'));
afterEach(async () => {
  cleanup();
  await changeLanguage('fr');
});

const PROJECT: Project = { id: 'p1', organisationId: 'o1', name: 'Courrier entrant', type: 'IC', notes: null, createdAt: '2026-01-01T00:00:00.000Z', environmentsCount: 1, profile: 'configurator', capabilities: [] };

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(projectQueries.detail('p1').queryKey, PROJECT);
  const router = createMemoryRouter([{ path: '/project/:projectId/new', element: <EnvNewPage /> }], { initialEntries: ['/project/p1/new'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const options = () => [...(screen.getByLabelText("Modèle de cas d'usage", { selector: 'select' }) as HTMLSelectElement).options].map((option) => option.textContent);

describe('new environment from a use-case template', () => {
  it('lists the templates by their French titles, without their ids', () => {
    renderPage();
    expect(options()).toEqual(['Assurance — prise de rendez-vous', 'Tourisme — messages de compagnies aériennes', 'Commerce — devis et commandes']);
    expect(document.body.textContent).not.toMatch(/insurance|meeting|tourism|retail/);
    expect(document.body.textContent).toContain('prendre, déplacer ou annuler un rendez-vous');
  });

  it('describes the template picked', () => {
    renderPage();
    fireEvent.change(screen.getByLabelText("Modèle de cas d'usage", { selector: 'select' }), { target: { value: 'retail:quotes-and-orders' } });
    expect(document.body.textContent).not.toContain('prendre, déplacer ou annuler un rendez-vous');
    expect(document.body.textContent).not.toMatch(/retail|quotes/);
  });
});

// @vitest-environment jsdom
/**
 * Deleting a project with priority environments: the console says why it cannot before
 * asking anything, and sends nothing to the server; without one, it asks for confirmation first.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { EnvironmentListItem } from '../../contract/environments';
import type { Project } from '../../contract/organisations';
import { initI18n } from '../../i18n/setup';
import { NotificationLayers } from '../../ui/notification-layers';
import { ProjectHomePage } from './project-home-page';
import { projectQueries } from './queries';

beforeAll(async () => {
  await initI18n('fr');
  await import('../../ui/notification-layers-content');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PROJECT: Project = { id: 'p1', organisationId: 'o1', name: 'Courrier entrant', type: 'IC', notes: null, createdAt: '2026-01-01T00:00:00.000Z', environmentsCount: 1, profile: 'configurator', capabilities: [] };
const env = (priority: boolean): EnvironmentListItem => ({ id: 'e1', name: 'Production', visibility: 'public', priority, modules: [], lastAnalysisAt: null, createdAt: '2026-01-01T00:00:00.000Z', deleting: false });

async function renderHome(priority: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(projectQueries.detail('p1').queryKey, PROJECT);
  client.setQueryData(projectQueries.environments('p1').queryKey, [env(priority)]);
  const router = createMemoryRouter([{ path: '/project/:projectId', element: <ProjectHomePage /> }], { initialEntries: ['/project/p1'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <NotificationLayers />
    </QueryClientProvider>,
  );
  // The notification layers mount after the first paint.
  await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
}

describe('project deletion', () => {
  it('says why a project with a priority environment cannot be deleted, before asking, and calls nothing', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await renderHome(true);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le projet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erreur' });
    expect(dialog.textContent).toContain('Ce projet ne peut pas être supprimé');
    // The detail renders once its module (with DOMPurify) has loaded: src/ui/dialogs/error-detail.tsx.
    await within(dialog).findByText("Un projet avec des environnements prioritaires ne peut pas être supprimé tant qu'ils ne sont pas désactivés.", { exact: false });
    expect(screen.queryByText(/Supprimer définitivement le projet/)).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);
  });

  it('asks for confirmation when nothing stands in the way', async () => {
    await renderHome(false);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer le projet' }));
    const ask = await screen.findByText('Supprimer définitivement le projet « Courrier entrant » et ses environnements ?');
    fireEvent.click(within(ask.closest('.bp6-alert') as HTMLElement).getByRole('button', { name: /Annuler/ }));
  });
});

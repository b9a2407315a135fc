// @vitest-environment jsdom
/**
 * Rapid navigation as a screen reader meets it: the search field is a combobox controlling a listbox,
 * and names the option the arrows highlight; Enter opens it.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n } from '../i18n/setup';
import { db } from '../storage/db';
import { loadStore } from '../storage/store';
import RapidNavigationOmnibar from './rapid-navigation-omnibar';

beforeAll(() => initI18n('fr'));
beforeEach(async () => {
  await db.entries.clear();
  await loadStore();
});
afterEach(cleanup);

function renderOmnibar() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(['navigation', 'targets'], {
    organisations: [{ id: 'o1', name: 'Assurances Sud' }],
    projects: [{ id: 'p1', name: 'Sinistres Sud', organisationId: 'o1', organisationName: 'Assurances Sud' }],
    environments: [],
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: <RapidNavigationOmnibar isOpen onClose={() => undefined} /> },
      { path: '*', element: <p>Arrivé</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('rapid navigation for assistive technology', () => {
  it('is a combobox over a listbox whose highlighted option follows the arrows', async () => {
    const user = userEvent.setup();
    const router = renderOmnibar();
    const input = await screen.findByRole('combobox', { name: 'Aller à une organisation, un projet, un environnement ou une page récente…' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await user.type(input, 'sud');
    const listbox = screen.getByRole('listbox');
    expect(input.getAttribute('aria-controls')).toBe(listbox.id);
    expect(listbox.id).not.toBe('');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([expect.stringContaining('Assurances Sud'), expect.stringContaining('Sinistres Sud')]);
    const [first, second] = options as [HTMLElement, HTMLElement];
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(first.id));
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(second.getAttribute('aria-selected')).toBe('false');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(first.getAttribute('aria-selected')).toBe('false');
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1'));
  });
});

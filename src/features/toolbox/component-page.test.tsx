// @vitest-environment jsdom
/**
 * The component editor as a French user meets it: a new component shows no error before
 * anything is typed; a bad name then says what is wrong in French, never zod's English sentence,
 * and saving an incomplete one points at every field still missing.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toolboxQueries } from '../../api/toolbox-query';
import { initI18n } from '../../i18n/setup';
import { ComponentPage } from './component-page';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

const KIT = { id: 'k1', name: 'Sinistres', notes: '', published: false, revision: 1, componentCount: 0, childCount: 0, updatedAt: '2026-03-01T10:00:00.000Z' };
const ENGLISH = /Too small|Too big|expected string|Invalid|Must not|Required/;

function renderNew() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(toolboxQueries.kits('o1').queryKey, { kits: [KIT], editable: true });
  const router = createMemoryRouter([{ path: '/', element: <ComponentPage orgaId="o1" componentId="new" kitId="k1" /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const page = () => document.body.textContent ?? '';

describe('component editor', () => {
  it('shows nothing wrong before the user types, then what is wrong in French', () => {
    renderNew();
    expect(page()).not.toContain('Champ obligatoire');
    // The archetype's dictionary is named by its language, not its code.
    expect(screen.getByLabelText('Dictionnaire (français)')).toBeTruthy();
    const name = screen.getByLabelText('Nom');
    fireEvent.change(name, { target: { value: 'sinistre;bris' } });
    expect(page()).toContain('Ne doit contenir ni [ ] ; ni retour à la ligne');
    fireEvent.change(name, { target: { value: '' } });
    expect(page()).toContain('Champ obligatoire');
    expect(page()).not.toMatch(ENGLISH);
  });

  it('names every missing field once the user saves', () => {
    renderNew();
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'interaction' } });
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'declare' } });
    expect(screen.queryAllByText('Champ obligatoire')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The context is still empty: said beside it in French.
    const context = screen.getByLabelText('Contexte');
    expect(context.closest('.bp6-form-group')?.textContent).toContain('Champ obligatoire');
    expect(page()).not.toMatch(ENGLISH);
  });
});

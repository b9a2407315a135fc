// @vitest-environment jsdom
/**
 * Domain rules v2 as a qualifier sees them: a category kind offers only the comparisons that mean
 * something for category names (exact, case- and accent-insensitive), a field kind keeps "same day"
 * for dates; a rule saved before that limit shows as exact, which is how it compared. The rules and
 * the caller's rights are put in the query cache as the page's queries would.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { paths } from '../../../app/paths';
import type { DomainRules } from '../../../contract/testing-evaluation';
import { initI18n } from '../../../i18n/setup';
import { testRunQueries } from '../runs/queries';
import { DomainRulesV2Page } from './domain-rules-v2-page';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

const PROJECT = 'p1';

function renderPage(rules: DomainRules) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(testRunQueries.domainRules(PROJECT).queryKey, rules);
  client.setQueryData(testRunQueries.project(PROJECT).queryKey, {
    id: PROJECT,
    organisationId: 'o',
    name: 'P',
    type: 'NLU',
    notes: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    environmentsCount: 1,
    profile: 'qualifier',
    capabilities: [],
  });
  const url = paths.domainRulesV2(PROJECT);
  const router = createMemoryRouter([{ path: '/project/:projectId/testing-center/messages-bank/domain-rules-v2', element: <DomainRulesV2Page /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const optionsOf = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.textContent);

describe('domain rules v2', () => {
  it('offers categories only exact or insensitive, and fields "same day" too', async () => {
    renderPage({ v1: { inScope: [], skipped: [], merged: [] }, v2: { kinds: [] } });
    await screen.findByLabelText('Texte');
    expect(optionsOf('Texte')).toEqual(['Exact', 'Sans casse ni accents']);
    // Numbers and arrays do not apply to category names.
    expect(screen.queryByLabelText('Nombre')).toBeNull();

    fireEvent.change(screen.getByLabelText('Type de classification'), { target: { value: 'attachments_categories' } });
    expect(optionsOf('Texte')).toEqual(['Exact', 'Sans casse ni accents']);

    fireEvent.change(screen.getByLabelText('Type de classification'), { target: { value: 'extracted_informations' } });
    expect(optionsOf('Texte')).toEqual(['Exact', 'Sans casse ni accents', 'Même jour']);
    expect(optionsOf('Nombre')).toEqual(['Exact', 'Tolérance']);
  });

  it('shows a "same day" saved on categories before as exact, how it compared', async () => {
    renderPage({
      v1: { inScope: [], skipped: [], merged: [] },
      v2: { kinds: [{ kind: 'categories', formats: { string: { mode: 'sameDay', tolerance: 0, insensitiveElements: false } }, fields: [], onlyListedFields: false }] },
    });
    expect(((await screen.findByLabelText('Texte')) as HTMLSelectElement).value).toBe('exact');
  });
});

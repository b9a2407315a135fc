// @vitest-environment jsdom
/** The webhooks list names each format in French: "Formulaire (…)", not `form`. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Webhook } from '../../contract/access-keys';
import type { EnvironmentListItem } from '../../contract/environments';
import { initI18n } from '../../i18n/setup';
import { environmentQueries } from './queries';
import { Webhooks } from './webhooks-page';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

const FORM = 'Formulaire (application/x-www-form-urlencoded)';
const hook: Webhook = { id: 'w1', url: 'https://example.test/hook', type: 'error', format: 'form', active: true, authHeaderName: null, authHeaderValueHint: null, createdAt: '2026-03-01T10:00:00.000Z' };

describe('webhooks', () => {
  it('names the type and format of each webhook and of the new one', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    client.setQueryData(environmentQueries.webhooks('e1').queryKey, [hook]);
    const router = createMemoryRouter([{ path: '/', element: <Webhooks env={{ id: 'e1', name: 'Production' } as EnvironmentListItem} /> }]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const row = document.querySelector('tr[data-webhook-url="https://example.test/hook"]')!;
    expect([...row.querySelectorAll('td')].slice(1, 3).map((cell) => cell.textContent)).toEqual(["Erreur d'analyse", FORM]);
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un webhook' }));
    const formats = [...(await screen.findByLabelText('Format')).querySelectorAll('option')].map((option) => option.textContent);
    expect(formats).toEqual(['JSON', FORM]);
  });
});

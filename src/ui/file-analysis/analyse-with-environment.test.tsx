// @vitest-environment jsdom
/** The files viewer's analysis panel before any analysis: its loading, empty, error and offline states, by keyboard. */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initI18n } from '../../i18n/setup';
import { navigationTargetsQuery } from '../../api/navigation-query';
import { AnalyseWithEnvironment } from './analyse-with-environment';

const requested = vi.hoisted(() => ({ calls: 0, fail: false }));
vi.mock('../../api/request', () => ({
  request: async () => {
    requested.calls += 1;
    if (requested.fail) throw new Error('Le serveur ne répond pas.');
    return { organisations: [], projects: [], environments: [] };
  },
}));

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  requested.fail = false;
});

const file = { name: 'mail.eml', contentType: 'message/rfc822', bytes: new TextEncoder().encode('Subject: x\r\n\r\nBonjour') };

function panel(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <AnalyseWithEnvironment file={file} />
    </QueryClientProvider>,
  );
  return client;
}

describe('analyse with an environment', () => {
  it('reads nothing until opened, then says when the user has no environment', async () => {
    panel();
    expect(requested.calls).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Analyser avec un environnement' }));
    expect((await screen.findByTestId('analysis-empty')).textContent).toContain('Aucun environnement disponible');
  });

  it('says why the environments could not be loaded, with a retry', async () => {
    requested.fail = true;
    panel();
    fireEvent.click(screen.getByRole('button', { name: 'Analyser avec un environnement' }));
    expect((await screen.findByTestId('analysis-error')).textContent).toContain('Le serveur ne répond pas.');
    requested.fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await screen.findByTestId('analysis-empty');
  });

  it('offline, says the environment was never read here instead of trying', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(navigationTargetsQuery().queryKey, {
      organisations: [{ id: 'o', name: 'Orga' }],
      projects: [],
      environments: [{ id: 'env-1', name: 'Production', projectId: 'p', projectName: 'Assistant NLU', visibility: 'public', modules: [] }],
    });
    onlineManager.setOnline(false);
    panel(client);
    fireEvent.click(screen.getByRole('button', { name: 'Analyser avec un environnement' }));
    const select = await screen.findByLabelText('Environnement');
    expect(select.querySelector('optgroup')?.getAttribute('label')).toBe('Assistant NLU');
    fireEvent.click(screen.getByTestId('analysis-run'));
    expect((await screen.findByTestId('analysis-failed')).textContent).toMatch(/^Hors ligne/);
  });
});

// @vitest-environment jsdom
/**
 * A screen that could not load its data: the screen's title, the reason in the reader's words and a
 * retry that loads again; ListState shows the same for a query, or the screen's own error in its place.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { changeLanguage, initI18n } from '../i18n/setup';
import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ListState } from './list-state';
import { LoadError } from './load-error';
import { MissingItemError } from './missing-item';
import { ApiError } from '../api/errors';
import { MemoryRouter } from 'react-router';

beforeAll(async () => {
  await initI18n('fr');
  await changeLanguage('fr');
});
afterEach(cleanup);

describe('LoadError', () => {
  it("shows the screen's title and the reason, and loads again on Retry", () => {
    const refetch = vi.fn();
    render(<LoadError title="Impossible de charger le kit" query={{ error: new Error('Délai dépassé'), refetch }} />);
    expect(screen.getByText('Impossible de charger le kit')).toBeTruthy();
    expect(screen.getByText('Délai dépassé')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("shows the screen's own description, or none, instead of the error's text", () => {
    const { unmount } = render(<LoadError title="Tableau de bord indisponible" query={{ error: new Error('raw'), refetch: () => undefined }} description={null} />);
    expect(screen.queryByText('raw')).toBeNull();
    unmount();
    render(<LoadError title="Tableau de bord indisponible" query={{ error: new Error('raw'), refetch: () => undefined }} description="Période invalide" />);
    expect(screen.getByText('Période invalide')).toBeTruthy();
    expect(screen.queryByText('raw')).toBeNull();
  });

  it('keeps the retry for a network failure or a server error, and drops it for an item the server does not know', () => {
    const refetch = vi.fn();
    const network = new ApiError('network', 'Failed to fetch', { url: '/x' });
    const { unmount } = render(<LoadError title="Impossible de charger le kit" query={{ error: network, refetch }} />);
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
    unmount();
    const unknown = new ApiError('http', 'Not Found', { url: '/x', status: 404, statusText: 'Not Found' });
    const missing = { text: "Ce kit n'existe pas ou n'existe plus.", back: { to: '/toolbox/kits', text: 'Retour aux kits' } };
    render(
      <MemoryRouter>
        <LoadError title="Impossible de charger le kit" query={{ error: unknown, refetch }} missing={missing} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Ce kit n'existe pas ou n'existe plus.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour aux kits' }).getAttribute('href')).toBe('/toolbox/kits');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says "data not found" without a retry for a 404 on a screen that names no item', () => {
    const unknown = new MissingItemError('');
    render(<LoadError title="Impossible de charger" query={{ error: unknown, refetch: () => undefined }} />);
    expect(screen.getByText('Données introuvables.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('has no retry when the load cannot be tried again', () => {
    render(<LoadError title="Introuvable" query={{ error: new Error('Introuvable ici') }} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ListState with a query', () => {
  it("shows the screen's error in place of the query's, and Retry loads the query again", () => {
    const refetch = vi.fn();
    const query = { isPending: false, error: new Error('Erreur du serveur'), refetch };
    render(
      <ListState query={query} error={new Error('La catégorie est introuvable')} errorText="Impossible de charger les catégories">
        <p>contenu</p>
      </ListState>,
    );
    expect(screen.getByText('Impossible de charger les catégories')).toBeTruthy();
    expect(screen.getByText('La catégorie est introuvable')).toBeTruthy();
    expect(screen.queryByText('Erreur du serveur')).toBeNull();
    expect(screen.queryByText('contenu')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the content when the query loaded and the screen has no error of its own', () => {
    render(
      <ListState query={{ isPending: false, error: null, refetch: () => undefined }} error={null} errorText="Erreur">
        <p>contenu</p>
      </ListState>,
    );
    expect(screen.getByText('contenu')).toBeTruthy();
  });
});

describe('ListState offline', () => {
  it('says data never loaded on this device is not available offline, and shows it once the network is back', async () => {
    const client = new QueryClient();
    onlineManager.setOnline(false);
    function Screen() {
      const query = useQuery({ queryKey: ['never-loaded'], queryFn: async () => 'chargé' });
      return (
        <ListState query={query} errorText="Erreur">
          <p>{query.data}</p>
        </ListState>
      );
    }
    try {
      render(
        <QueryClientProvider client={client}>
          <Screen />
        </QueryClientProvider>,
      );
      expect((await screen.findByText('Pas encore disponible hors ligne')).textContent).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy();
      onlineManager.setOnline(true);
      expect(await screen.findByText('chargé')).toBeTruthy();
    } finally {
      onlineManager.setOnline(true);
      client.clear();
    }
  });
});

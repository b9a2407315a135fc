// @vitest-environment jsdom
/**
 * The self-service screens (the area's route table, app/self-service-routes.tsx) against the real server (in-memory PGlite, real HTTP, the local Google
 * OAuth + Gmail server; testing/serve-self-service.ts), as the `light` demo user: the month's quota
 * said in the singular for one analysis (French and English), a use case that is not theirs, the
 * languages check of the settings (none, or more than the contract takes), and the mailbox panel
 * waiting for Google's permission (start again, cancel) or refused by Google (authorize again).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ChildProcess } from 'node:child_process';
import { startScreenServer } from '../ui/testing/screen-server';
import { changeLanguage } from '../i18n/setup';
import { ConfirmLayer } from '../ui/dialogs/confirm-layer';
import { selfServiceRoutes } from './self-service-routes';

interface Info {
  address: string;
  token: string;
  useCases: { meetings: string; waiting: string; refused: string };
}

let child: ChildProcess;
let useCases: Info['useCases'];
vi.setConfig({ testTimeout: 60_000 });
// The pages load lazily, as in the console: the first one of a file may take seconds on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  const server = await startScreenServer<Info>('src/features/self-service/testing/serve-self-service.ts');
  child = server.child;
  ({ useCases } = server.info);
}, 240_000);
afterAll(() => child?.stdin?.end());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The self-service area's own route table (pages and the use case's frame), without the top bar. */
const ROUTES: RouteObject[] = [{ path: '/self', children: selfServiceRoutes }];

function show(url: string) {
  const router = createMemoryRouter(ROUTES, { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ConfirmLayer />
    </QueryClientProvider>,
  );
  return router;
}

describe('the home', () => {
  it('says one analysis used in the singular, in French and in English', async () => {
    show('/self');
    const quota = await screen.findByTestId('self-quota');
    await within(quota).findByText('1 analyse sur 3 utilisée ce mois-ci, il en reste 2.');
    await changeLanguage('en');
    try {
      await within(quota).findByText('1 analysis of 3 used this month, 2 left.');
    } finally {
      await changeLanguage('fr');
    }
  });
});

describe('a use case', () => {
  it('that is not one of the user’s says so, with the way back home', async () => {
    for (const id of ['no-such-use-case', 'demo-ic-prod']) {
      show(`/self/${id}/settings`);
      await screen.findByText("Ce cas d'usage n'existe pas ou n'existe plus.");
      expect(screen.getAllByRole('link', { name: /Mes cas d'usage/ }).length).toBeGreaterThan(0);
      expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
      cleanup();
    }
  });

  it('refuses no language, and more languages than the contract takes, each with its own words', async () => {
    const user = userEvent.setup();
    show(`/self/${useCases.meetings}/settings`);
    const group = (await screen.findByText('Langues de votre courrier')).closest('.bp6-form-group') as HTMLElement;
    const boxes = () => within(group).getAllByRole('checkbox') as HTMLInputElement[];
    for (const box of boxes().filter((candidate) => candidate.checked)) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await within(group).findByText('Choisissez au moins une langue.');

    for (const box of boxes().slice(0, 11)) await user.click(box);
    expect(boxes().filter((box) => box.checked)).toHaveLength(11);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await within(group).findByText('Choisissez 10 langues au plus.');
    expect(within(group).queryByText('Choisissez au moins une langue.')).toBeNull();
  });
});

describe('the mailbox panel', () => {
  it('waits for Google’s permission: start again (the link when the window is blocked), or cancel', async () => {
    const user = userEvent.setup();
    show(`/self/${useCases.waiting}/settings`);
    const panel = await screen.findByTestId('self-webmail');
    await within(panel).findByText('En attente de votre accord');
    expect(panel.getAttribute('data-webmail-state')).toBe('configuring');
    within(panel).getByText(/connectez-vous à attente@gmail\.example et acceptez/);

    // The browser blocks the window Google's page would open in: the page offers it as a link.
    vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(within(panel).getByRole('button', { name: 'Recommencer' }));
    const link = await within(panel).findByRole('link', { name: 'Ouvrir la page de Google' });
    expect(new URL(link.getAttribute('href')!).pathname).toBe('/o/oauth2/v2/auth');
    within(panel).getByText("Votre navigateur n'a pas ouvert la page de Google.");

    await user.click(within(panel).getByRole('button', { name: 'Annuler la connexion' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText('Annuler la connexion de attente@gmail.example ?');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await within(panel).findByRole('button', { name: 'Connecter ma boîte mail' });
    await waitFor(() => expect(panel.getAttribute('data-webmail-state')).toBe('notConfigured'));
    expect(within(panel).queryByText('Ouvrir la page de Google')).toBeNull();
  });

  it('asks to authorize again once Google refused to renew the access, offering nothing else but disconnecting', async () => {
    show(`/self/${useCases.refused}/settings`);
    const panel = await screen.findByTestId('self-webmail');
    await within(panel).findByText('À autoriser de nouveau');
    expect(within(panel).getByRole('alert').textContent).toBe("Google n'accepte plus l'accès donné à votre boîte : autorisez-le de nouveau pour reprendre la lecture.");
    within(panel).getByText('Boîte connectée : refus@gmail.example');
    within(panel).getByRole('button', { name: 'Autoriser de nouveau' });
    within(panel).getByRole('button', { name: 'Déconnecter' });
    for (const name of ['Mettre en pause', 'Activer', 'Relever maintenant']) expect(within(panel).queryByRole('button', { name })).toBeNull();
  });
});

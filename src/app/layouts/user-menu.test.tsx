// @vitest-environment jsdom
/**
 * The user menu in the top bar, used from the keyboard: the arrows go from item to item (wrapping),
 * Home and End to the first and last, Escape closes it and puts the focus back on its button.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { User } from '../../contract/auth';
import { authQueries } from '../../features/auth/queries';
import { initI18n } from '../../i18n/setup';
import { AppChrome } from './app-chrome';

beforeAll(() => initI18n('fr'));
afterEach(cleanup);

const USER: User = {
  id: 'u1',
  firstname: 'Ada',
  lastname: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
  position: null,
  role: 'ROLE_ORGANISATION_ADMIN',
  projectPermissions: [],
  organisations: [],
  isLight: false,
};

function renderChrome() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(authQueries.currentUser().queryKey, USER);
  const router = createMemoryRouter([{ path: '/', element: <AppChrome layout="organisation">Accueil</AppChrome> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the user menu from the keyboard', () => {
  it('moves between its items with the arrows, Home and End, and Escape gives the focus back to its button', async () => {
    const user = userEvent.setup();
    renderChrome();
    const button = screen.getByRole('button', { name: 'Ada Lovelace' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = screen.getAllByRole('menuitem');
    expect(items.length).toBeGreaterThan(1);
    const first = items[0]!;
    const last = items[items.length - 1]!;
    // Opening puts the focus on the first item.
    await waitFor(() => expect(document.activeElement).toBe(first));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(last);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(last);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(first);
    expect(menu.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The button the popover drew once it loaded (the first opening replaced the stand-in).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ada Lovelace' })));
  });

  it('announces its menu before the popover has loaded, and opens again once it has', async () => {
    const user = userEvent.setup();
    renderChrome();
    const button = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    await screen.findByRole('menu');
    expect(screen.getByRole('button', { name: 'Ada Lovelace' }).getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    expect(await screen.findAllByRole('menuitem')).not.toHaveLength(0);
  });
});

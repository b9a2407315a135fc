// @vitest-environment jsdom
/**
 * Cancelling an invitation asks first, and the dialog's buttons say what each does to the invitation:
 * an action itself called "Annuler" is not answered with "Annuler" / "Confirmer".
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Invitation } from '../../contract/members';
import { changeLanguage, initI18n } from '../../i18n/setup';
import { ConfirmLayer } from '../../ui/dialogs/confirm-layer';
import { InvitationsSection } from './invitations-section';
import { organisationQueries } from './queries';

const calls = vi.hoisted(() => [] as string[]);
vi.mock('../../api/request', async (original) => ({
  ...(await original<typeof import('../../api/request')>()),
  request: vi.fn((endpoint: { id: string }) => {
    calls.push(endpoint.id);
    return Promise.resolve(endpoint.id === 'invitations.list' ? [INVITATION] : undefined);
  }),
}));

const INVITATION: Invitation = {
  id: 'i1',
  email: 'nina@example.test',
  firstname: 'Nina',
  lastname: 'Nouvelle',
  username: 'nina',
  position: null,
  guest: false,
  status: 'pending',
  createdAt: '2026-01-01T00:00:00.000Z',
  answeredAt: null,
};

beforeAll(async () => {
  await initI18n('fr');
});
afterEach(async () => {
  cleanup();
  calls.length = 0;
  await changeLanguage('fr');
});

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(organisationQueries.invitations('o1').queryKey, [INVITATION]);
  render(
    <QueryClientProvider client={client}>
      <InvitationsSection orgaId="o1" />
      <ConfirmLayer />
    </QueryClientProvider>,
  );
}

describe('cancelling an invitation', () => {
  it('names the action on both buttons, and keeping the invitation sends nothing', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: "Annuler l'invitation" }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain("Annuler l'invitation de Nina Nouvelle ?");
    expect(within(dialog).queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Confirmer' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: "Garder l'invitation" }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls).not.toContain('invitations.cancel');
  });

  it("cancels it from the button named after the action, in English too", async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Cancel the invitation' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Keep the invitation' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the invitation' }));
    await waitFor(() => expect(calls).toContain('invitations.cancel'));
  });
});

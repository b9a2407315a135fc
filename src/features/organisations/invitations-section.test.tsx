// @vitest-environment jsdom
/**
 * Cancelling an invitation asks first, and the dialog's buttons say what each does to the invitation:
 * an action itself called "Annuler" is not answered with "Annuler" / "Confirmer". Against the real
 * server (ui/testing/serve-demo.ts: in-memory PGlite, the demo data, the demo admin).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../i18n/setup';
import { createInvitation, listInvitations } from '../../contract/members';
import { request } from '../../api/request';
import { demoScreenServer, renderScreens } from '../../ui/testing/screen-server';
import { InvitationsSection } from './invitations-section';

demoScreenServer();

// Nina's invitation, sent by the demo admin.
beforeAll(async () => {
  await request(createInvitation, {
    params: { orgaId: 'demo' },
    body: { firstname: 'Nina', lastname: 'Nouvelle', username: 'nina', email: 'nina@example.test', position: null, guest: false, profiles: [{ projectId: 'demo-ic', profile: 'qualifier' }] },
  });
});
afterEach(async () => {
  cleanup();
  await changeLanguage('fr');
});

const nina = async () => (await request(listInvitations, { params: { orgaId: 'demo' } })).find((invitation) => invitation.username === 'nina');

function renderSection() {
  renderScreens([{ path: '/orga/:orgaId', element: <InvitationsSection orgaId="demo" /> }], '/orga/demo');
}

describe('cancelling an invitation', () => {
  it('names the action on both buttons, and keeping the invitation changes nothing', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: "Annuler l'invitation" }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain("Annuler l'invitation de Nina Nouvelle ?");
    expect(within(dialog).queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Confirmer' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: "Garder l'invitation" }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await nina()).toMatchObject({ status: 'pending' });
  });

  it('cancels it from the button named after the action, in English too', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Cancel the invitation' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Keep the invitation' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the invitation' }));
    await waitFor(async () => expect((await nina())?.status ?? 'gone').not.toBe('pending'));
  });
});

// @vitest-environment jsdom
/**
 * Cancelling an invitation asks first, and the dialog's buttons say what each does to the invitation:
 * an action itself called "Annuler" is not answered with "Annuler" / "Confirmer". Against the real
 * server (ui/testing/serve-demo.ts: in-memory PGlite, the demo data, the demo admin).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChildProcess } from 'node:child_process';
import type { Invitation } from '../../contract/members';
import { changeLanguage } from '../../i18n/setup';
import { renderScreens, startScreenServer } from '../../ui/testing/screen-server';
import { InvitationsSection } from './invitations-section';

let child: ChildProcess;
let address = '';
let token = '';
vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeAll(async () => {
  const server = await startScreenServer<{ address: string; token: string }>('src/ui/testing/serve-demo.ts');
  child = server.child;
  ({ address, token } = server.info);
  // Nina's invitation, sent by the demo admin.
  const sent = await api('POST', '/organisation/demo/invitations', {
    firstname: 'Nina',
    lastname: 'Nouvelle',
    username: 'nina',
    email: 'nina@example.test',
    position: null,
    profiles: [{ projectId: 'demo-ic', profile: 'qualifier' }],
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  // A fresh process migrates its database: tens of seconds on a busy 2-core machine.
}, 240_000);
afterAll(() => child?.stdin?.end());
afterEach(async () => {
  cleanup();
  await changeLanguage('fr');
});

function api(method: 'GET' | 'POST', path: string, body?: unknown) {
  return fetch(`${address}/v4/console/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const nina = async () => ((await (await api('GET', '/organisation/demo/invitations')).json()) as Invitation[]).find((invitation) => invitation.username === 'nina');

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

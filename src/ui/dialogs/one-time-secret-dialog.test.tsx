// @vitest-environment jsdom
/**
 * A created user's temporary password (member-form-page.tsx) is shown once: Escape and a click
 * outside ask before closing while it was not copied, and close at once after "Copier".
 */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from '../../i18n/setup';
import { NotificationLayers } from '../notification-layers';
import { OneTimeSecretDialog } from './one-time-secret-dialog';

beforeAll(async () => {
  await initI18n('fr');
  await import('../notification-layers-content');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Harness() {
  const [secret, setSecret] = useState<string | null>('Xy7#temporaire!42');
  return (
    <>
      <OneTimeSecretDialog secret={secret} title="Mot de passe temporaire" warning="Il ne sera plus affiché." onClose={() => setSecret(null)} />
      <NotificationLayers />
    </>
  );
}

async function open() {
  render(<Harness />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  return screen.findByRole('dialog', { name: 'Mot de passe temporaire' });
}

const asked = () => screen.queryByText('Fermer sans copier ?');
const escape = (dialog: HTMLElement) => fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27, which: 27 });
const outside = () => fireEvent.mouseDown(document.querySelector('.bp6-overlay-backdrop')!);

describe('temporary password dialog', () => {
  it('asks before Escape or a click outside closes it uncopied, and stays when told to', async () => {
    const dialog = await open();
    escape(dialog);
    expect(await screen.findByText('Fermer sans copier ?')).toBeTruthy();
    fireEvent.click(within(asked()!.closest('.bp6-alert') as HTMLElement).getByRole('button', { name: /Annuler/ }));
    await waitFor(() => expect(asked()).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Mot de passe temporaire' })).toBeTruthy();

    outside();
    expect(await screen.findByText('Fermer sans copier ?')).toBeTruthy();
    fireEvent.click(within(asked()!.closest('.bp6-alert') as HTMLElement).getByRole('button', { name: /Annuler/ }));
    await waitFor(() => expect(asked()).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Mot de passe temporaire' })).toBeTruthy();
  });

  it('closes at once once copied', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copier' }));
    await within(dialog).findByRole('button', { name: 'Copié' });
    expect(writeText).toHaveBeenCalledWith('Xy7#temporaire!42');
    escape(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mot de passe temporaire' })).toBeNull());
    expect(asked()).toBeNull();
  });
});

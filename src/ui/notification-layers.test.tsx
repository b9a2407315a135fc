// @vitest-environment jsdom
/**
 * The notification layers: mounted only once the page is idle, bottom-right toasts, error toasts that
 * open a sanitised "Erreur" dialog, and the confirmation service answered through its dialog.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../i18n/setup';
import { NotificationLayers } from './notification-layers';
import { toast } from './toasts/toast-service';
import { confirm } from './dialogs/dialog-service';

beforeAll(async () => {
  await initI18n('fr');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Renders the layers and waits for the idle callback (a 1 ms timeout in jsdom) to mount them. */
async function renderMounted() {
  const result = render(<NotificationLayers />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 5)));
  return result;
}

function silenceConsole() {
  for (const method of ['info', 'warn', 'error', 'log'] as const) {
    vi.spyOn(console, method).mockImplementation(() => undefined);
  }
}

describe('mounting', () => {
  it('mounts nothing before the idle callback, then shows toasts raised meanwhile', async () => {
    silenceConsole();
    // jsdom has no requestIdleCallback: the layers wait for a 1 ms timeout instead.
    expect(typeof window.requestIdleCallback).not.toBe('function');
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');

    // render() flushes React's effects synchronously, but not the 1 ms timeout.
    const { container } = render(<NotificationLayers />);
    toast.info({ summary: 'Raised early' });

    expect(container.innerHTML).toBe('');
    expect(document.querySelector('.bp6-toast-container')).toBeNull();
    expect(screen.queryByText('Raised early')).toBeNull();
    expect(setTimeoutSpy).toHaveBeenCalledWith(expect.any(Function), 1);

    // Once idle, the layer mounts and delivers what was queued.
    expect(await screen.findByText('Raised early')).toBeTruthy();
    expect(document.querySelector('.bp6-toast-container')).not.toBeNull();
  });
});

describe('toasts', () => {
  it('shows an error toast bottom-right and opens a sanitised "Erreur" dialog on click', async () => {
    silenceConsole();
    const user = userEvent.setup();
    await renderMounted();

    act(() => {
      toast.error({
        summary: 'Boom',
        detail: '<b>Bad</b><img src="http://evil.test/x.png"><script>alert(1)</script>',
      });
    });

    const message = await screen.findByText('Boom');
    const toaster = message.closest('.bp6-toast-container');
    expect(toaster).not.toBeNull();
    expect(toaster!.classList).toContain('bp6-toast-container-bottom');
    expect(toaster!.classList).toContain('bp6-toast-container-right');
    // The toast shows the detail as plain text: no markup, nothing loaded.
    const toastElement = message.closest('.bp6-toast') as HTMLElement;
    expect(toastElement.textContent).toContain('Bad');
    expect(toastElement.querySelector('b, img, script, [src]')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(within(toastElement).getByRole('button', { name: /Boom/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Erreur' });
    expect(within(dialog).getByText('Boom')).toBeTruthy();
    const bold = within(dialog).getByText('Bad');
    expect(bold.tagName).toBe('B');
    expect(dialog.querySelector('[src]')).toBeNull();
    expect(dialog.querySelector('script')).toBeNull();
    expect(document.querySelector('img[src], script')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not make an info toast clickable into a dialog', async () => {
    silenceConsole();
    const user = userEvent.setup();
    await renderMounted();

    act(() => {
      toast.info({ summary: 'Just so you know', detail: '<b>details</b>' });
    });

    const message = await screen.findByText('Just so you know');
    const toastElement = message.closest('.bp6-toast') as HTMLElement;
    expect(within(toastElement).queryByRole('button', { name: /Just so you know/ })).toBeNull();

    await user.click(message);
    // Give a dialog every chance to appear.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Erreur')).toBeNull();
  });
});

describe('confirm()', () => {
  it('resolves true when the user confirms', async () => {
    const user = userEvent.setup();
    await renderMounted();

    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ title: 'Supprimer le projet', body: 'Cette action est définitive.' });
    });

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Supprimer le projet')).toBeTruthy();
    expect(within(dialog).getByText('Cette action est définitive.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));

    await expect(answer).resolves.toBe(true);
  });

  it('resolves false when the user cancels', async () => {
    const user = userEvent.setup();
    await renderMounted();

    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ body: 'Continuer ?' });
    });

    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));

    await expect(answer).resolves.toBe(false);
  });

  it('resolves false when the user presses Escape', async () => {
    const user = userEvent.setup();
    await renderMounted();

    let answer!: Promise<boolean>;
    act(() => {
      answer = confirm({ body: 'Continuer ?', confirmLabel: 'Oui', cancelLabel: 'Non' });
    });

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByRole('button', { name: 'Oui' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Non' })).toBeTruthy();
    // Blueprint moves focus into the overlay once it opens; Escape is handled there.
    await waitFor(() => expect(dialog.closest('.bp6-overlay')!.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');

    await expect(answer).resolves.toBe(false);
  });

  it('waits for the layers when asked before they are mounted', async () => {
    const user = userEvent.setup();
    const answer = confirm({ body: 'Demandé tôt' });
    await renderMounted();

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Demandé tôt')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await expect(answer).resolves.toBe(true);
  });
});

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
  // Warm the module cache for the lazily loaded layers, so that in the idle test below a premature
  // mount would show up within its wait rather than hide behind a slow first import.
  await import('./notification-layers-content');
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The layers are loaded lazily: their first appearance may wait for that import. */
const FIRST_APPEARANCE = { timeout: 5000 };

/** Renders the layers and lets the idle callback (a 1 ms timeout in jsdom) fire; loading may still be under way. */
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
    // Only timeouts are faked, so promises (and the lazily loaded layers) still settle.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    toast.info({ summary: 'Raised early' });
    const { container } = render(<NotificationLayers />);

    // Give the page real time (setInterval is not faked): while the idle timeout has not fired,
    // nothing is mounted and the toast waits in the queue.
    await act(
      () =>
        new Promise<void>((resolve) => {
          const timer = setInterval(() => {
            clearInterval(timer);
            resolve();
          }, 100);
        }),
    );
    expect(container.innerHTML).toBe('');
    expect(document.querySelector('.bp6-toast-container')).toBeNull();
    expect(screen.queryByText('Raised early')).toBeNull();

    // Once idle (after 1 ms), the layers mount and deliver what was queued.
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    expect(await screen.findByText('Raised early', undefined, FIRST_APPEARANCE)).toBeTruthy();
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

    const message = await screen.findByText('Boom', undefined, FIRST_APPEARANCE);
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
    // The sanitised detail comes with DOMPurify's chunk, loaded when a detail is first shown.
    const bold = await within(dialog).findByText('Bad');
    expect(bold.tagName).toBe('B');
    expect(dialog.querySelector('[src]')).toBeNull();
    expect(dialog.querySelector('script')).toBeNull();
    expect(document.querySelector('img[src], script')).toBeNull();

    // Closed from its footer (its header's cross is named "Fermer" too).
    await user.click(within(dialog.querySelector<HTMLElement>('.bp6-dialog-footer')!).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not make an info toast clickable into a dialog', async () => {
    silenceConsole();
    const user = userEvent.setup();
    await renderMounted();

    act(() => {
      toast.info({ summary: 'Just so you know', detail: '<b>details</b>' });
    });

    const message = await screen.findByText('Just so you know', undefined, FIRST_APPEARANCE);
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

    const dialog = await screen.findByRole('alertdialog', undefined, FIRST_APPEARANCE);
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

    const dialog = await screen.findByRole('alertdialog', undefined, FIRST_APPEARANCE);
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

    const dialog = await screen.findByRole('alertdialog', undefined, FIRST_APPEARANCE);
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

    const dialog = await screen.findByRole('alertdialog', undefined, FIRST_APPEARANCE);
    expect(within(dialog).getByText('Demandé tôt')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer' }));
    await expect(answer).resolves.toBe(true);
  });
});

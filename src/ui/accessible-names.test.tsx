// @vitest-environment jsdom
/**
 * What a screen reader hears is French on a French screen: Blueprint names its dialog and
 * toast close buttons "Close", its spinners "loading", a tag's remove button "Remove tag" and the
 * calendar "date picker"; our wrappers name them in the reader's language. The mail view's
 * breadcrumb and appointment lines too.
 */
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { changeLanguage, initI18n } from '../i18n/setup';
import type { Email } from '../parsing/model';
import { DateField } from './date-field';
import { Dialog } from './dialog';
import { EmailView } from './file-views/email-view';
import { Spinner } from './spinner';
import { TagInput } from './tag-input';
import { ToastLayer } from './toasts/toast-layer';
import { toast } from './toasts/toast-service';

beforeAll(async () => {
  await initI18n('fr');
  await changeLanguage('fr');
});
afterEach(cleanup);

function ClosableDialog() {
  const [open, setOpen] = useState(true);
  return (
    <Dialog isOpen={open} title="Nouveau kit" onClose={() => setOpen(false)}>
      <p>Contenu</p>
    </Dialog>
  );
}

const mail = (patch: Partial<Email> = {}): Email => ({ format: 'eml', subject: 'Réunion', to: [], cc: [], bcc: [], replyTo: [], headers: [], text: 'Bonjour', attachments: [], ...patch });

describe('accessible names in French', () => {
  it('names a dialog by its title and its close button "Fermer", which closes it', async () => {
    render(<ClosableDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau kit' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names a toast close button "Fermer"', async () => {
    render(<ToastLayer />);
    act(() => toast.info({ summary: 'Kit enregistré' }));
    const message = await screen.findByText('Kit enregistré');
    const shown = message.closest('.bp6-toast') as HTMLElement;
    expect(within(shown).getByRole('button', { name: 'Fermer' })).toBeTruthy();
    expect(within(shown).queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('names a spinner "Chargement…" unless it has its own name', () => {
    render(<Spinner />);
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Chargement…');
    cleanup();
    render(<Spinner aria-label="Chargement du kit" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toBe('Chargement du kit');
  });

  it("names each tag's remove button after its tag", () => {
    render(<TagInput values={['sinistre', 'devis']} onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Retirer « sinistre »' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retirer « devis »' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove tag' })).toBeNull();
  });

  it('names the calendar "Calendrier"', async () => {
    render(
      <>
        <label htmlFor="when">Quand</label>
        <DateField id="when" value="2026-03-04" onChange={() => undefined} language="fr" />
      </>,
    );
    fireEvent.focus(screen.getByLabelText('Quand'));
    expect(await screen.findByRole('dialog', { name: 'Calendrier' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'date picker' })).toBeNull();
  });

  it("names the mail view's breadcrumb and writes an appointment's lines the French way", async () => {
    const inner = mail({ subject: 'Message joint' });
    render(
      <EmailView
        email={mail({ calendar: { location: 'Salle 2' }, attachments: [{ name: 'joint.eml', contentType: 'message/rfc822', size: 10, sha256: '0'.repeat(64), inline: false, blobId: 0, message: inner }] })}
        blobs={[new Uint8Array()]}
        fileName="mail.eml"
        onOpenAttachment={() => undefined}
      />,
    );
    expect(screen.getByTestId('calendar').textContent).toContain('Lieu : Salle 2');
    fireEvent.click(screen.getByRole('tab', { name: /Pièces jointes/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByRole('navigation', { name: "Fil d'Ariane" })).toBeTruthy();
  });

  it('writes an appointment line the English way in English', async () => {
    await changeLanguage('en');
    render(<EmailView email={mail({ calendar: { location: 'Room 2' } })} blobs={[]} fileName="mail.eml" onOpenAttachment={() => undefined} />);
    expect(screen.getByTestId('calendar').textContent).toContain('Location: Room 2');
    await changeLanguage('fr');
  });
});

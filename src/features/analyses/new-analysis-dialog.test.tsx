// @vitest-environment jsdom
/**
 * The new-analysis and simulate-a-mail dialogs say what is wrong (§5) before anything is sent: the
 * send button stays disabled and no request leaves the browser.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from '../../i18n/setup';
import { METADATA_LIMITS, UPLOAD_LIMITS } from '../../contract/uploads';
import { readMetadata } from './metadata-problems';
import { NewAnalysisDialog } from './new-analysis-dialog';
import { SimulateMailDialog } from './simulate-mail-dialog';

const fetchSpy = vi.fn();
const xhrSpy = vi.fn();

beforeAll(async () => {
  await initI18n('fr');
  vi.stubGlobal('fetch', fetchSpy);
  vi.stubGlobal('XMLHttpRequest', xhrSpy);
});

afterEach(() => {
  cleanup();
});

const file = (name: string, size = 10) => {
  const made = new File(['x'], name);
  Object.defineProperty(made, 'size', { value: size });
  return made;
};

describe('new analysis', () => {
  it('lists the §5 problems of the chosen files and sends nothing', async () => {
    const user = userEvent.setup();
    render(<NewAnalysisDialog envId="e1" onClose={() => {}} onCreated={() => {}} />);
    await user.upload(screen.getByLabelText('Choisir le fichier principal'), file('virus.exe'));
    await user.upload(screen.getByLabelText('Ajouter des pièces jointes'), [file('big.pdf', UPLOAD_LIMITS.maxFileBytes + 1), file('more.pdf', UPLOAD_LIMITS.maxFileBytes)]);

    const problems = await screen.findByTestId('upload-problems');
    expect(problems.textContent).toContain('virus.exe: L\'extension « exe » n\'est pas autorisée');
    expect(problems.textContent).toContain('big.pdf: Le fichier dépasse la limite de 25 Mo par fichier');
    expect(problems.textContent).toContain('La taille totale des fichiers dépasse la limite maximale de 50 Mo');
    const send = screen.getByRole('button', { name: 'Envoyer' });
    expect(send).toHaveProperty('disabled', true);
    await user.click(send);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrSpy).not.toHaveBeenCalled();
  });

  it('asks for a main file when only attachments were added, and accepts good files', async () => {
    const user = userEvent.setup();
    render(<NewAnalysisDialog envId="e1" onClose={() => {}} onCreated={() => {}} />);
    await user.upload(screen.getByLabelText('Ajouter des pièces jointes'), file('annexe.pdf'));
    expect((await screen.findByTestId('upload-problems')).textContent).toContain('Un fichier principal est nécessaire');
    await user.upload(screen.getByLabelText('Choisir le fichier principal'), file('mail.eml'));
    expect(screen.queryByTestId('upload-problems')).toBeNull();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toHaveProperty('disabled', false);
  });

  it('makes the first file dropped on the main zone the main file and the others attachments', () => {
    render(<NewAnalysisDialog envId="e1" onClose={() => {}} onCreated={() => {}} />);
    fireEvent.drop(screen.getByTestId('main-file-drop'), { dataTransfer: { files: [file('mail.eml'), file('annexe.pdf'), file('photo.png')] } });
    expect(within(screen.getByTestId('main-file')).getByText('mail.eml')).toBeTruthy();
    const attachments = within(screen.getByTestId('attachment-files')).getAllByRole('listitem').map((item) => item.textContent);
    expect(attachments).toHaveLength(2);
    expect(attachments[0]).toContain('annexe.pdf');
    expect(attachments[1]).toContain('photo.png');
    expect(screen.getByRole('button', { name: 'Envoyer' })).toHaveProperty('disabled', false);
  });

  it('reads metadata only as a JSON object of plain values within the bounds', () => {
    expect(readMetadata('')).toEqual({ metadata: {} });
    expect(readMetadata('{"client": "42", "vip": true}')).toEqual({ metadata: { client: '42', vip: true } });
    expect(readMetadata('[1, 2]').problem).toEqual({ code: 'metadataNotObject' });
    expect(readMetadata('{client: 42}').problem).toEqual({ code: 'metadataNotObject' });
    expect(readMetadata('{"a": {"b": 1}}').problem).toEqual({ code: 'metadataValueNotPlain', key: 'a' });
    const manyKeys = JSON.stringify(Object.fromEntries(Array.from({ length: METADATA_LIMITS.maxKeys + 1 }, (_, i) => [`k${i}`, i])));
    expect(readMetadata(manyKeys).problem).toMatchObject({ code: 'metadataTooManyKeys', max: METADATA_LIMITS.maxKeys });
  });

  it.each([
    ['too large', JSON.stringify({ big: 'x'.repeat(METADATA_LIMITS.maxBytes) }), /Les métadonnées occupent 16\s394 octets ; 16\s384 au plus sont permis/],
    ['too many keys', JSON.stringify(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`k${i}`, i]))), /Les métadonnées ont 60 clés ; 50 au plus sont permises/],
    ['a key too long', JSON.stringify({ ['k'.repeat(201)]: 1 }), /Une clé des métadonnées dépasse 200 caractères/],
    ['nested', '{"a": {"b": 1}}', /« a » n'en est pas/],
    ['not JSON', '{oops', /Les métadonnées doivent être un objet JSON/],
  ])('says metadata %s is refused, in French, and sends nothing', async (_, text, message) => {
    render(<NewAnalysisDialog envId="e1" onClose={() => {}} onCreated={() => {}} />);
    fireEvent.drop(screen.getByTestId('main-file-drop'), { dataTransfer: { files: [file('mail.eml')] } });
    fireEvent.change(screen.getByLabelText(/Métadonnées/), { target: { value: text } });
    expect((await screen.findByRole('alert')).textContent).toMatch(message);
    const send = screen.getByRole('button', { name: 'Envoyer' });
    expect(send).toHaveProperty('disabled', true);
    fireEvent.submit(send.closest('form')!);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(xhrSpy).not.toHaveBeenCalled();
    // Within the bounds again, it may be sent.
    fireEvent.change(screen.getByLabelText(/Métadonnées/), { target: { value: '{"client": "42"}' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toHaveProperty('disabled', false);
  });
});

describe('simulate a mail', () => {
  it('refuses a sender and a recipient without an at-sign, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<SimulateMailDialog envId="e1" onClose={() => {}} onCreated={() => {}} />);
    await user.type(screen.getByLabelText('Expéditeur'), 'alice.example.com');
    await user.type(screen.getByLabelText('Destinataire'), 'bob');
    await user.click(screen.getByRole('button', { name: 'Simuler' }));
    expect(screen.getAllByText('Doit contenir une arobase (@)')).toHaveLength(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

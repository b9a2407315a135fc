/**
 * A sender's large mail body or text part is read in a module worker, never on the thread that
 * answers HTTP: the same text as a small one read in place, the run charged for the worker's time,
 * and a deadline that stops that work without losing the rest of the file.
 */
import MailComposer from 'nodemailer/lib/mail-composer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { extractorSettingsSchema } from '../../../src/contract/environments';
import { closeSharedModulePool, type ModuleMeter } from '../../module-workers/module-pool';
import { inEnglish } from '../../test-support/pipeline-text';
import { IN_PLACE_BODY_SIZE } from './body-text-work';
import { extract, type ExtractorFile } from './extract';
import { MeteredParser } from './metered-parser';

const parser = new MeteredParser();
beforeAll(() => parser.warmUp());
afterEach(() => {
  delete process.env.POSTROOM_MODULE_DEADLINE_MS;
});
afterAll(() => {
  parser.close();
  closeSharedModulePool();
});

const settings = extractorSettingsSchema.parse({ parser: { global: { useCache: false } } });

/** An HTML-only reply (as Outlook sends them) of `lines` paragraphs above a quoted earlier message. */
async function htmlReply(lines: number, attachments: { filename: string; content: string }[] = []): Promise<ExtractorFile> {
  const paragraphs = Array.from({ length: lines }, (_, index) => `<p>Ligne ${index} du contrat AB-77812</p>`).join('');
  const html = `<html><body>${paragraphs}<p>Le 3 mars 2026 à 10:02, Marie Durand a écrit :</p><blockquote><p>Historique à ne pas lire</p></blockquote></body></html>`;
  const content = await new MailComposer({ from: 'client@example.com', to: 'desk@example.com', subject: 'Re: contrat', html, attachments }).compile().build();
  return { id: 'mail', name: 'reply.eml', role: 'main', contentType: 'message/rfc822', content };
}

const textOf = (blocks: { text: string }[]): string => blocks.map((block) => block.text).join('\n');

describe('the text work on a mail body', () => {
  it('reads a large HTML-only body in a module worker, with the thread cut as a small one read in place', async () => {
    const small = await htmlReply(3);
    const large = await htmlReply(8000);
    expect(large.content.length).toBeGreaterThan(IN_PLACE_BODY_SIZE * 3);

    const smallMeter: ModuleMeter = { ms: 0 };
    const read = await extract([small], settings, parser, { meter: smallMeter });
    const smallDoc = read.result.documents[0]!;
    expect(textOf(smallDoc.blocks).split(/\n+/)).toEqual(['Ligne 0 du contrat AB-77812', 'Ligne 1 du contrat AB-77812', 'Ligne 2 du contrat AB-77812']);
    expect(smallDoc.notes.map(inEnglish)).toContain('The quoted conversation thread was left out (conversation thread is off).');
    expect(smallMeter.ms).toBe(0);

    const largeMeter: ModuleMeter = { ms: 0 };
    const { result, mainFileError } = await extract([large], settings, parser, { meter: largeMeter });
    const doc = result.documents[0]!;
    expect(mainFileError).toBeNull();
    const text = textOf(doc.blocks);
    expect(text.startsWith(smallDoc.blocks[0]!.text.slice(0, 40))).toBe(true);
    expect(text).toContain('Ligne 7999 du contrat AB-77812');
    expect(text).not.toContain('Historique');
    expect(doc.notes.map(inEnglish)).toContain('The quoted conversation thread was left out (conversation thread is off).');
    // The worker's time is the run's: charged to its meter, which the in-place read left at zero.
    expect(largeMeter.ms).toBeGreaterThan(0);
  });

  it('stops a large body at the module deadline: the mail is unreadable with the reason, its attachment still read', async () => {
    const large = await htmlReply(8000, [{ filename: 'facture.html', content: '<p>Facture INV-118</p>' }]);
    const small = await htmlReply(3);
    process.env.POSTROOM_MODULE_DEADLINE_MS = '1';

    const { result, mainFileError } = await extract([large], settings, parser);
    expect(result.documents.map((doc) => doc.name)).toEqual(['reply.eml', 'facture.html']);
    expect(result.documents[0]!.blocks).toEqual([]);
    expect(inEnglish(result.documents[0]!.notes[0]!)).toMatch(/could not be read.*(0\.001|took longer|stopped)/i);
    expect(mainFileError).not.toBeNull();
    expect(textOf(result.documents[1]!.blocks)).toBe('Facture INV-118');

    // A small body is read in place: no deadline of the workers applies to it.
    const smallRead = await extract([small], settings, parser);
    expect(smallRead.mainFileError).toBeNull();
    expect(textOf(smallRead.result.documents[0]!.blocks)).toContain('Ligne 2 du contrat AB-77812');
  });

  it('guesses the encoding of a large text part in a module worker', async () => {
    const content = Buffer.from('Numéro de sinistre 4417, reçu à Besançon\n'.repeat(3000), 'latin1');
    expect(content.length).toBeGreaterThan(IN_PLACE_BODY_SIZE);
    const meter: ModuleMeter = { ms: 0 };
    const file: ExtractorFile = { id: 'part', name: 'delivery-status', role: 'main', contentType: 'text/plain', content };
    const { result } = await extract([file], settings, parser, { meter });
    expect(result.documents[0]!.blocks[0]!.text.startsWith('Numéro de sinistre 4417, reçu à Besançon')).toBe(true);
    expect(meter.ms).toBeGreaterThan(0);
  });
});

// Expected values were read with Python's email package (policy=default) before being written here.
import { describe, expect, it } from 'vitest';
import { parseEml } from './eml';
import { fixture } from './test-support/fixtures';

/** A message in four charsets (koi8-r, ISO-2022-JP, windows-1252, ISO-8859-1 encoded words). */
const charsets = Uint8Array.from(
  [
    'From: =?koi8-r?b?8NLJ18XULCDNydI=?= <ivan@example.ru>',
    'To: =?iso-2022-jp?b?GyRCMnE1RCROO3FOQRsoQg==?= <taro@example.jp>',
    'Subject: =?windows-1252?q?Facture_n=B0_42_=96_=E9t=E9?=',
    'Date: Tue, 03 Mar 2026 10:15:00 +0100',
    'Importance: High',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=windows-1252',
    'Content-Transfer-Encoding: 8bit',
    '',
    'Caf\xe9 \xe0 5 \x80',
    '--b1',
    'Content-Type: text/plain; charset=koi8-r; name="ru.txt"',
    'Content-Disposition: attachment; filename="=?iso-8859-1?q?re=E7u=2Etxt?="',
    'Content-Transfer-Encoding: base64',
    '',
    '+sTSwdfT1NfVytTF',
    '--b1--',
    '',
  ].join('\r\n'),
  (char) => char.charCodeAt(0),
);

describe('EML parser', () => {
  it('reads the MIME torture test with its ten nested messages', async () => {
    const { model, blobs } = await parseEml(fixture('eml/mimetorture.eml'));
    expect(model.subject).toBe("Ryan Finnie's MIME Torture Test v1.0");
    expect(model.from).toEqual({ name: 'Ryan Finnie', address: 'rfinnie@domain.dom' });
    expect(model.attachments).toHaveLength(10);
    expect(model.attachments.every((a) => a.contentType === 'message/rfc822' && a.message)).toBe(true);
    // Second part: a message holding a message holding foo.gz (two levels down).
    const inner = model.attachments[1]!.message!.attachments.find((a) => a.message)!.message!;
    expect(inner.attachments.map((a) => a.name)).toContain('foo.gz');
    expect(blobs.length).toBeGreaterThan(10);
  });

  it('decodes charsets and RFC 2047 words in headers and file names', async () => {
    const { model, blobs } = await parseEml(charsets);
    expect(model.subject).toBe('Facture n° 42 – été');
    expect(model.from).toEqual({ name: 'Привет, мир', address: 'ivan@example.ru' });
    expect(model.to).toEqual([{ name: '会議の資料', address: 'taro@example.jp' }]);
    expect(model.text?.trim()).toBe('Café à 5 €');
    expect(model.date).toBe('2026-03-03T09:15:00.000Z');
    expect(model.importance).toBe('high');
    const [attachment] = model.attachments;
    expect(attachment!.name).toBe('reçu.txt');
    expect(new TextDecoder('koi8-r').decode(blobs[attachment!.blobId])).toBe('Здравствуйте');
    expect(model.headers.map((h) => h.name)).toEqual(['From', 'To', 'Subject', 'Date', 'Importance', 'MIME-Version', 'Content-Type']);
  });

  it('keeps the invitation of a calendar event', async () => {
    const { model } = await parseEml(fixture('eml/calendar-event.eml'));
    expect(model.subject).toBe('Invitation: Test event ⏰ @ Thu Apr 11, 2024 11am - 12pm (GMT+3) (andris@ethereal.email)');
    expect(model.from).toEqual({ name: 'Andris Reinman', address: 'andris@postalsys.com' });
    expect(model.attachments.map((a) => a.name)).toContain('invite.ics');
    expect(model.calendar?.organizer).toBe('Andris Reinman');
  });

  it('opens the message quoted in an abuse report', async () => {
    const { model } = await parseEml(fixture('eml/arf.eml'));
    expect(model.subject).toBe('FW: Earn money');
    expect(model.from).toEqual({ address: 'abusedesk@example.com' });
    expect(model.attachments.filter((a) => a.message)).toHaveLength(1);
  });
});

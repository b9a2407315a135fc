/**
 * The conversation thread cut: the newest message of a body, the quoted history left out. The cut
 * scans line starts in one pass; it must cut exactly where the line-by-line rule does.
 */
import { describe, expect, it } from 'vitest';
import { latestMessage } from './thread';

/** The rule written line by line, as it was before the one-pass scan: the reference. */
function byLines(text: string): { latest: string; cut: boolean } {
  const markers = [
    /^-{2,}\s*(Original Message|Message d'origine|Ursprüngliche Nachricht|Forwarded message|Message transféré)\s*-{2,}\s*$/i,
    /^_{10,}\s*$/,
    /^(On|Le|Am)\s.+(wrote|a écrit|schrieb)\s*:\s*$/i,
    /^(From|De|Von)\s*:\s.+$/i,
  ];
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    const isMarker = markers.some((marker) => marker.test(line));
    const outlookBlock = /^(From|De|Von)\s*:/i.test(line) ? lines.slice(index + 1, index + 4).some((next) => /^(Sent|Envoyé|Gesendet|Date)\s*:/i.test(next.trim())) : true;
    const quoted = line.startsWith('>') && (lines[index + 1] ?? '').trim().startsWith('>');
    if ((isMarker && outlookBlock && index > 0) || (quoted && index > 0)) return { latest: lines.slice(0, index).join('\n').trimEnd(), cut: true };
  }
  return { latest: text, cut: false };
}

describe('the newest message of a mail body', () => {
  it('cuts at the markers mail programs write, in English, French and German', () => {
    expect(latestMessage('Merci.\r\n\r\nLe 12 mars 2026, Marie a écrit :\r\n> Bonjour')).toEqual({ latest: 'Merci.', cut: true });
    expect(latestMessage('Thanks\n-----Original Message-----\nFrom: a@b.c\nSent: Monday\nold')).toEqual({ latest: 'Thanks', cut: true });
    expect(latestMessage('Danke\n\u00a0Von: x@y.de\nGesendet: Montag\nalt')).toEqual({ latest: 'Danke', cut: true });
    expect(latestMessage('Voir ci-dessous\n> ligne 1\n> ligne 2')).toEqual({ latest: 'Voir ci-dessous', cut: true });
  });

  it('keeps a lone "From:" line, a single quoted line and a marker on the first line', () => {
    const form = 'Formulaire\nDe: Jean Dupont\nAdresse: 1 rue de Paris';
    expect(latestMessage(form)).toEqual({ latest: form, cut: false });
    expect(latestMessage('Citation\n> une seule ligne\nfin')).toEqual({ latest: 'Citation\n> une seule ligne\nfin', cut: false });
    expect(latestMessage('On Monday, Bob wrote:\n> hi\n> there')).toMatchObject({ cut: true, latest: 'On Monday, Bob wrote:' });
  });

  it('cuts where the line-by-line rule cuts, on bodies mixing every kind of line', () => {
    const kinds = [
      'Bonjour, je vous écris au sujet de mon contrat.',
      'Le sinistre a eu lieu le 12 mars.',
      '  De: quelqu’un',
      'From: someone@example.com',
      'Sent: Tuesday',
      'Date: 2026-03-12',
      '> quoted',
      '>> deeper',
      '-----Original Message-----',
      '--',
      '__________',
      'On Mon, Bob wrote:',
      'Am Montag schrieb Eva:',
      '\u00a0Von: x@y.de',
      'é accentué',
      '',
      '\t',
      'À bientôt',
      'Von: z',
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let body = 0; body < 400; body++) {
      const count = 1 + Math.floor(random() * 12);
      const lines = Array.from({ length: count }, () => kinds[Math.floor(random() * kinds.length)]!);
      const text = lines.join(random() < 0.5 ? '\r\n' : '\n');
      expect(latestMessage(text), JSON.stringify(text)).toEqual(byLines(text));
    }
  });
});

/**
 * HTML → plain text for .html files and mails whose only body is HTML (MSG files often are). We
 * reuse postal-mime's converter, the one it applies to a mail whose parts mix plain and HTML, by
 * handing it the page as the HTML part of a small multipart message beside an empty plain part:
 * mails and pages then read the same, with no second HTML library, in the browser and in Node.
 */
import PostalMime from 'postal-mime';

export async function htmlToText(html: string): Promise<string> {
  if (html.trim() === '') return '';
  // A boundary the page cannot contain by chance.
  const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const boundary = `postroom-${random}`;
  const message =
    `Content-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n` +
    `--${boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n\r\n` +
    `--${boundary}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${html}\r\n` +
    `--${boundary}--\r\n`;
  const parsed = await PostalMime.parse(message);
  return (parsed.text ?? '').trim();
}

/** Whether a page references images (the text/HTML `extractImages` setting has something to say). */
export function hasImages(html: string): boolean {
  return /<img\b/i.test(html);
}

/**
 * HTML → plain text for .html files and mails whose only body is HTML (MSG files often are). We
 * reuse postal-mime's converter, the one it applies to HTML-only .eml bodies, by handing it the page
 * as a one-part message: mails and pages then read the same, with no second HTML library.
 */
import PostalMime from 'postal-mime';

export async function htmlToText(html: string): Promise<string> {
  if (html.trim() === '') return '';
  const message = `Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${html}`;
  const parsed = await PostalMime.parse(message);
  return parsed.text ?? '';
}

/** Whether a page references images (the text/HTML `extractImages` setting has something to say). */
export function hasImages(html: string): boolean {
  return /<img\b/i.test(html);
}

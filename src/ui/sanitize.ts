/** Markup from outside (server messages, toast details) is sanitised; `src` is stripped so nothing loads. */
import DOMPurify from 'dompurify';

export function sanitizeDetail(html: string): string {
  return DOMPurify.sanitize(html, { FORBID_ATTR: ['src', 'srcset', 'style'], FORBID_TAGS: ['style', 'form'] });
}

/**
 * The error dialog's sanitised detail. A module of its own, loaded when a detail is first shown, so
 * DOMPurify (~11 KB of gzip JavaScript) is no part of the notification layers every page mounts.
 */
import { sanitizeDetail } from '../sanitize';

export function ErrorDetail({ html }: { html: string }) {
  const detail = sanitizeDetail(html);
  return detail ? <div className="p-error-dialog__detail" dangerouslySetInnerHTML={{ __html: detail }} /> : null;
}

/**
 * Links mailed by the server (password reset, invitation) are built here and nowhere else: a
 * configured origin (mail/public-links.ts) plus a console path from the contract, parsed and
 * rebuilt by the URL parser. Nothing a request sent is ever pasted into a mail as text: a
 * `recovery_url` only chooses which configured origin to use (`recoveryUrlOrigin`), because text
 * glued before a token can make a mail client show a second link, carrying that token elsewhere
 * (`https://console/reset-password/ https://evil/?t=`).
 */
import { RESET_PASSWORD_PAGE } from '../../src/contract/console-links';

/** `origin` is a configured one; `path` comes from `mailedLinkPaths` (tokens already encoded). */
export function mailedLink(origin: string, path: string): string {
  const base = new URL(origin);
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error('A mailed link takes a console path');
  const url = new URL(path, base.origin);
  // The path cannot move the link elsewhere; checked anyway, since a wrong link here leaks a token.
  if (url.origin !== base.origin) throw new Error('A mailed link must stay on its configured origin');
  return url.href;
}

export type RecoveryUrlCode = 'invalidRecoveryUrl' | 'foreignRecoveryUrl';

/** White space of any script, control, format, private-use and unassigned characters, backslashes. */
const FORBIDDEN = /[\s\p{C}\\]/u;

/**
 * The configured origin a `recovery_url` names, or why it is refused. The only accepted spelling is
 * exactly `<configured origin>/reset-password/` (what the console sends): no credentials, query,
 * fragment, percent-encoding, default port or other path, so no two parsers can read it differently.
 * Another origin (host, port, scheme, `javascript:`) is `foreignRecoveryUrl`; anything else malformed
 * is `invalidRecoveryUrl`.
 */
export function recoveryUrlOrigin(raw: string, origins: readonly string[]): { origin: string } | { code: RecoveryUrlCode } {
  if (FORBIDDEN.test(raw)) return { code: 'invalidRecoveryUrl' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { code: 'invalidRecoveryUrl' };
  }
  if (!origins.includes(url.origin)) return { code: 'foreignRecoveryUrl' };
  if (raw !== `${url.origin}${RESET_PASSWORD_PAGE}`) return { code: 'invalidRecoveryUrl' };
  return { origin: url.origin };
}

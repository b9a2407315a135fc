/**
 * The console pages that a link mailed by the server opens (password reset, invitation). The server
 * builds those links and the console's router serves the pages, so the paths are spelled once, here
 * (`src/app/paths.ts` re-exports them; the server must not import the console's app code).
 */
const enc = encodeURIComponent;

/** The reset page's address without its token: the only `recovery_url` path the server accepts. */
export const RESET_PASSWORD_PAGE = '/reset-password/';

export const mailedLinkPaths = {
  resetPassword: (token: string, hasExpired = false) =>
    `${RESET_PASSWORD_PAGE}${enc(token)}${hasExpired ? '?hasExpired=true' : ''}`,
  invitation: (token: string) => `/invitation/${enc(token)}`,
};

/**
 * Google's authorization page in its own window (spec §4 self-service webmail: "an authorization page
 * opens, and a link is shown if it does not"). Browsers open a window only inside the click that asks
 * for it, and the page's address comes from the server a moment later: so an empty window is opened
 * at once, then sent to the address. A blocked window (null) is reported so the screen shows the link.
 */
const WINDOW_NAME = 'postroom-webmail-authorization';

export interface AuthorizationWindow {
  /** Sends the window to the page; false when no window could be opened (show the link instead). */
  go(url: string): boolean;
  /** The server refused: the empty window goes away. */
  abandon(): void;
}

export function openAuthorizationWindow(open: typeof window.open = (...args) => window.open(...args)): AuthorizationWindow {
  let opened: Window | null = null;
  try {
    opened = open('', WINDOW_NAME, 'popup,width=520,height=680');
  } catch {
    opened = null;
  }
  // The provider's page must not reach back into the console (reverse tabnabbing).
  if (opened !== null) opened.opener = null;
  return {
    go(url) {
      if (opened === null || opened.closed) return false;
      opened.location.href = url;
      return true;
    },
    abandon() {
      opened?.close();
    },
  };
}

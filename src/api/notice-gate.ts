/**
 * One notice for a burst of refusals: a page whose calls the server refuses together (a list, its
 * filters, its counts) would otherwise fill the screen with the same "403 Forbidden" toast. The gate
 * opens once, then stays shut while that toast is on screen.
 */
export function createNoticeGate(shownForMs: number, now: () => number = Date.now): () => boolean {
  let shutUntil = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at < shutUntil) return false;
    shutUntil = at + shownForMs;
    return true;
  };
}

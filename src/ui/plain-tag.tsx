/**
 * Blueprint's minimal Tag as markup only, for lists that show many tags at once. Blueprint's Tag
 * wraps its text in `Text`, whose layout effect reads the text's width (to title a cut text): on a
 * page of many tags that forces the page's whole layout inside React's commit (the testing center's
 * results list: ~25 ms of its longest task). Same classes, so the same look; the title is the
 * caller's, shown whether or not the text is cut.
 */
import type { ReactNode } from 'react';
import { Classes, type Intent } from '@blueprintjs/core';

export function PlainTag({ intent, title, className, children }: { intent?: Intent; title?: string; className?: string; children: ReactNode }) {
  const classes = [Classes.TAG, Classes.MINIMAL, intent && intent !== 'none' ? Classes.intentClass(intent) : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} title={title}>
      <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.FILL}`}>{children}</span>
    </span>
  );
}

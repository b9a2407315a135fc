/**
 * Blueprint's Tag as markup only, for pages that draw a lot at once. Blueprint's Tag
 * wraps its text in `Text`, whose layout effect reads the text's width (to title a cut text): on a
 * page's first render, one such tag forces the page's whole layout inside React's commit (the testing
 * center's results page: 25-45 ms of its longest task). Same classes, so the same look; the title is the
 * caller's, shown whether or not the text is cut.
 */
import type { ReactNode } from 'react';
import { Classes, type Intent } from '@blueprintjs/core';

type Props = { intent?: Intent; minimal?: boolean; large?: boolean; title?: string; className?: string; children: ReactNode };

export function PlainTag({ intent, minimal = false, large = false, title, className, children }: Props) {
  const classes = [Classes.TAG, minimal ? Classes.MINIMAL : '', large ? Classes.LARGE : '', intent && intent !== 'none' ? Classes.intentClass(intent) : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} title={title}>
      <span className={`${Classes.TEXT_OVERFLOW_ELLIPSIS} ${Classes.FILL}`}>{children}</span>
    </span>
  );
}

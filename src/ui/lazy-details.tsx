/**
 * A <details> whose content is rendered only once opened: the what-if page holds a closed list per
 * proposal and per tried change, tens of them over a thousand messages, and rendering them all
 * closed made the page's first render and every later one hold the main thread.
 */
import { useState, type ReactNode } from 'react';

export function LazyDetails({ summary, className, children }: { summary: ReactNode; className?: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={className} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}

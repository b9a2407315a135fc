/**
 * The console's table: Blueprint's HTMLTable inside a box of its own that scrolls sideways when the
 * table is wider than the page (a phone, 200 % zoom), so headers keep their words whole and actions
 * keep their labels instead of being squeezed letter by letter. While it scrolls, the box is a named
 * region in the tab order, so a keyboard user can scroll it too; when everything fits it is a plain
 * box and adds no tab stop. `TableScroll` is that box alone, for a table HTMLTable's look does not
 * suit (the testing center's confusion matrix, a grid of cell buttons with sticky headers).
 */
import { useEffect, useRef, useState, type ComponentProps, type ReactNode, type RefObject } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export type DataTableProps = ComponentProps<typeof HTMLTable> & {
  /** The region's name while it scrolls; by default the table's aria-label, else a generic one. */
  label?: string;
};

export function DataTable({ label, ...table }: DataTableProps) {
  const { t } = useTranslation('common');
  return (
    <TableScroll label={label ?? table['aria-label'] ?? t('a11y.scrollableTable')}>
      <HTMLTable {...table} />
    </TableScroll>
  );
}

export interface TableScrollProps {
  /** The region's name while it scrolls. */
  label: string;
  /** Classes beside `p-table-scroll` (a max height of its own, say). */
  className?: string;
  /** The box also scrolls top to bottom (it has a max height): that counts as scrolling too. */
  vertical?: boolean;
  children: ReactNode;
}

/** The box that scrolls a table: a named region in the tab order while it scrolls, a plain box otherwise. */
export function TableScroll({ label, className, vertical = false, children }: TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(box, vertical);
  return (
    <div
      ref={box}
      className={className === undefined ? 'p-table-scroll' : `p-table-scroll ${className}`}
      {...(scrolls ? { role: 'region', tabIndex: 0, 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}

/** Whether the box's content is wider (or, `vertical`, taller) than the box, followed as either is resized. */
function useScrolls(box: RefObject<HTMLDivElement | null>, vertical: boolean): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1 || (vertical && element.scrollHeight > element.clientHeight + 1));
    // No measure on mount: reading the sizes there forces the page's layout inside React's commit (a
    // large table's first render then held the main thread ~30 ms longer). The observer reports every
    // observed box once after the frame's own layout, before its paint, so the first answer is as early.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box, vertical]);
  return scrolls;
}

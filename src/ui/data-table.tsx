/**
 * The console's table: Blueprint's HTMLTable inside a box of its own that scrolls sideways when the
 * table is wider than the page (a phone, 200 % zoom), so headers keep their words whole and actions
 * keep their labels instead of being squeezed letter by letter. While it scrolls, the box is a named
 * region in the tab order, so a keyboard user can scroll it too; when everything fits it is a plain
 * box and adds no tab stop.
 */
import { useEffect, useRef, useState, type ComponentProps, type RefObject } from 'react';
import { HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export type DataTableProps = ComponentProps<typeof HTMLTable> & {
  /** The region's name while it scrolls; by default the table's aria-label, else a generic one. */
  label?: string;
};

export function DataTable({ label, ...table }: DataTableProps) {
  const { t } = useTranslation('common');
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  const name = label ?? table['aria-label'] ?? t('a11y.scrollableTable');
  return (
    <div
      ref={box}
      className="p-table-scroll"
      {...(scrolls ? { role: 'region', tabIndex: 0, 'aria-label': name } : {})}
    >
      <HTMLTable {...table} />
    </div>
  );
}

/** Whether the box's content is wider than the box, followed as either is resized. */
function useScrollsSideways(box: RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [box]);
  return scrolls;
}

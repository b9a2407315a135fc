/**
 * Breadcrumbs as a plain list: Blueprint's `Breadcrumbs` measures overflow with a spacer `<div>`
 * inside its `<ol>`, which axe-core reports as a serious "list" violation on every page.
 * Same classes, so Blueprint's separators and styles apply; the trail wraps instead of collapsing.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface TrailItem {
  text: ReactNode;
  /** Where the crumb leads; none for the current page. */
  href?: string;
  current?: boolean;
}

/** `label` names a second trail on a page that has one already (landmarks must be told apart). */
export function BreadcrumbTrail({ items, label }: { items: TrailItem[]; label?: string }) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={label ?? t('a11y.breadcrumb')}>
      <ol className="bp6-breadcrumbs p-breadcrumbs">
        {items.map((item, index) => (
          <li key={index}>
            {item.href !== undefined && !item.current ? (
              <Link to={item.href} className="bp6-breadcrumb">
                {item.text}
              </Link>
            ) : (
              <span className={item.current ? 'bp6-breadcrumb bp6-breadcrumb-current' : 'bp6-breadcrumb'} aria-current={item.current ? 'page' : undefined}>
                {item.text}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

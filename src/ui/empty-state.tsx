/**
 * Blueprint's NonIdealState (empty lists, errors, pages that cannot show), with its title as the next
 * heading level under a page's title: Blueprint makes it a fourth-level heading, a skip that screen
 * reader users meet on every empty page (axe `heading-order`).
 */
import { NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';

export function EmptyState({ title, description, ...props }: NonIdealStateProps) {
  const text =
    title || description ? (
      <>
        {title && <h2 className="p-empty-state__title">{title}</h2>}
        {description && <div>{description}</div>}
      </>
    ) : undefined;
  return <NonIdealState {...props} description={text} />;
}

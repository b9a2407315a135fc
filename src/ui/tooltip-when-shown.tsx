/**
 * Blueprint's Tooltip, imported only where one is rendered: it brings the popover and Floating UI
 * (~17 KB gzip), which a page that shows no tooltip to this user (the organisation home for its
 * administrators) need not download. Until it has loaded, the target is shown alone.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import type { Tooltip } from '@blueprintjs/core';

const LoadedTooltip = lazy(() => import('./tooltip').then((module) => ({ default: module.Tooltip })));

export function TooltipWhenShown(props: ComponentProps<typeof Tooltip>) {
  return (
    <Suspense fallback={props.children}>
      <LoadedTooltip {...props} />
    </Suspense>
  );
}

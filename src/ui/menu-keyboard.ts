/**
 * Arrow keys in a Blueprint menu opened from a button (ARIA menu pattern): Blueprint's Menu only tabs
 * between its items. ArrowDown/ArrowUp move to the next/previous item (wrapping), Home/End to the
 * first/last; Escape is left to the popover, which closes and gives the focus back to the button.
 */
import type { KeyboardEvent } from 'react';

const ITEMS = '[role="menuitem"]:not([aria-disabled="true"])';

function items(menu: HTMLElement): HTMLElement[] {
  return Array.from(menu.querySelectorAll<HTMLElement>(ITEMS));
}

/** Puts the focus on the menu's first item (when it opens: the button's arrow or click leads into it). */
export function focusFirstMenuItem(container: HTMLElement | null): void {
  if (container) items(container)[0]?.focus();
}

export function handleMenuKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const list = items(event.currentTarget);
  if (list.length === 0) return;
  const current = list.indexOf(document.activeElement as HTMLElement);
  let next: number;
  switch (event.key) {
    case 'ArrowDown':
      next = current < 0 ? 0 : (current + 1) % list.length;
      break;
    case 'ArrowUp':
      next = current < 0 ? list.length - 1 : (current - 1 + list.length) % list.length;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = list.length - 1;
      break;
    default:
      return;
  }
  event.preventDefault();
  list[next]?.focus();
}

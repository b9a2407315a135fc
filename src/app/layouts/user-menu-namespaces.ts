/**
 * The user menu's texts, apart from the menu (user-menu-popover.tsx) and the top bar (app-chrome.tsx):
 * the bar loads them with the menu so it never suspends when first opened, and the menu reads them.
 */
export const USER_MENU_NAMESPACES = ['common', 'routes', 'account', 'sre'] as const;

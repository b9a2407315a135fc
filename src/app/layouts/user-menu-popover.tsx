/**
 * The top bar's user menu: the pages this role may open, ghosting, the user's id, logout. Loaded when
 * the menu is first opened (src/ui/popover-on-demand.tsx): its MenuItems bring Blueprint's popover.
 */
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { authQueries } from '../../features/auth/queries';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { focusFirstMenuItem, handleMenuKeyDown } from '../../ui/menu-keyboard';
import { useGhostedUser } from '../ghosting';
import { menuPages } from '../menu-pages';
import { useFlag } from '../../storage/feature-flags';
import { paths } from '../paths';
import { USER_MENU_NAMESPACES } from './user-menu-namespaces';

export interface UserMenuProps {
  /** Shown to support agents who may ghost (not while ghosting). */
  onGhost?: () => void;
}

export function UserMenuPopover({ onGhost, children }: UserMenuProps & { children: ReactElement }) {
  const { t } = useTranslation(USER_MENU_NAMESPACES);
  const navigate = useNavigate();
  const { data: user } = useQuery(authQueries.currentUser());
  const ghost = useGhostedUser();
  // What this role may open (toolbox, use cases, files viewer, consumption, SRE screens): menu-pages.ts.
  const buc = useFlag('BUC');
  const pages = user ? menuPages(user, ghost !== undefined, { buc }) : [];
  const menu = (
    <Menu onKeyDown={handleMenuKeyDown}>
      {pages.map((page) => (
        <MenuItem key={page.id} icon={page.icon} text={t(page.labelKey as never)} onClick={() => void navigate(page.path)} />
      ))}
      {onGhost && <MenuItem icon="eye-open" text={t('account:ghosting.start')} onClick={onGhost} />}
      {user && (
        // Support asks for this id to act as the user (ghosting names one account by its id).
        <MenuItem
          icon="duplicate"
          text={t('account:ghosting.copyMyId')}
          label={user.id}
          onClick={() => void navigator.clipboard?.writeText(user.id).then(() => toast.success({ summary: tr('account:ghosting.myIdCopied', { id: user.id }) }))}
        />
      )}
      <MenuDivider />
      <MenuItem icon="log-out" text={t('common:actions.logout')} onClick={() => void navigate(paths.logout())} />
    </Menu>
  );
  return (
    <PopoverNext content={menu} placement="bottom-end" onOpened={focusFirstMenuItem}>
      {children}
    </PopoverNext>
  );
}

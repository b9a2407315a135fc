import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alignment, Button, Navbar, NavbarDivider, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { authQueries } from '../../features/auth/queries';
import { OfflineIndicator, PendingSyncIndicator } from '../../ui/connectivity';
import { PopoverOnDemand } from '../../ui/popover-on-demand';
import { GhostBanner, useGhostedUser } from '../ghosting';
import { GhostDialogOnDemand } from '../ghost-dialog-on-demand';
import { offersRapidNavigation, openRapidNavigation } from '../rapid-navigation';
import { paths } from '../paths';
import { loadNamespaces } from '../../i18n/setup';
import type { LayoutName } from '../route-handle';
import { USER_MENU_NAMESPACES } from './user-menu-namespaces';

/** The menu and its texts together: it never suspends the page when it first renders. */
const loadUserMenu = () =>
  Promise.all([import('./user-menu-popover'), loadNamespaces(USER_MENU_NAMESPACES)]).then(([module]) => module.UserMenuPopover);

function UserMenu() {
  const { data: user } = useQuery(authQueries.currentUser());
  const ghost = useGhostedUser();
  const [ghostDialogOpen, setGhostDialogOpen] = useState(false);
  // Only support agents may ghost, and not while already acting as someone.
  const canGhost = user?.role === 'ROLE_PROVIDER_SUPPORT' && !ghost;
  return (
    <>
      <PopoverOnDemand load={loadUserMenu} props={{ onGhost: canGhost ? () => setGhostDialogOpen(true) : undefined }}>
        <Button variant="minimal" icon="user" endIcon="caret-down" text={user ? `${user.firstname} ${user.lastname}` : ''} />
      </PopoverOnDemand>
      {canGhost && <GhostDialogOnDemand isOpen={ghostDialogOpen} onClose={() => setGhostDialogOpen(false)} />}
    </>
  );
}

/** The frame of every signed-in layout: top bar (brand, search, connectivity, user menu) and content. */
export function AppChrome({ layout, nav, children }: { layout: LayoutName; nav?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  // Below 48rem (a phone, or 200 % zoom) the side menu hides behind a burger; it closes on navigation.
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);
  // The guard loaded the user before any signed-in page; a light user's top bar has no search.
  const { data: user } = useQuery(authQueries.currentUser());
  const search = user !== undefined && offersRapidNavigation(user);
  return (
    <div className="p-app" data-layout={layout}>
      <GhostBanner />
      {/* The banner landmark: the brand, search and user menu are part of a named region of the page. */}
      <header>
        <Navbar className="p-topbar">
          <NavbarGroup align={Alignment.START}>
            {nav && (
              <Button
                className="p-topbar__burger"
                variant="minimal"
                icon={menuOpen ? 'cross' : 'menu'}
                aria-label={t(menuOpen ? 'a11y.closeMenu' : 'a11y.openMenu')}
                aria-expanded={menuOpen}
                aria-controls="p-app-nav"
                onClick={() => setMenuOpen((open) => !open)}
              />
            )}
            <NavbarHeading>
              <Link to={paths.index()} className="p-brand">
                Postroom
              </Link>
            </NavbarHeading>
            {search && (
              <>
                <NavbarDivider className="p-topbar__divider" />
                <Button variant="minimal" icon="search" aria-label={t('rapidNavigation.open')} text={t('rapidNavigation.open')} onClick={openRapidNavigation} title="Ctrl+K" />
              </>
            )}
          </NavbarGroup>
          <NavbarGroup align={Alignment.END} className="p-topbar__end">
            <OfflineIndicator />
            <PendingSyncIndicator />
            <UserMenu />
          </NavbarGroup>
        </Navbar>
      </header>
      <div className="p-app__body">
        {nav && (
          <div className="p-app__nav" id="p-app-nav" data-open={menuOpen}>
            {nav}
          </div>
        )}
        <main className="p-app__main" id="main">
          {children}
        </main>
      </div>
    </div>
  );
}

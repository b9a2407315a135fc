/**
 * The pages the user menu offers, by role (a way around): only what the server lets the
 * user open, so nothing is reachable only by typing its address. Rapid navigation offers the same
 * list. A light user is offered only their account pages (the full console is not theirs);
 * the use-case library waits for the BUC flag (experimental light edition). Pure: tested without a
 * browser.
 */
import type { IconName } from '@blueprintjs/core';
import type { User } from '../contract/auth';
import { mayOpenPage } from './page-access';
import { paths } from './paths';

export interface MenuPage {
  id: string;
  /** `namespace:key` of its label. */
  labelKey: string;
  icon: IconName;
  path: string;
}

/** The per-browser feature flags the menu depends on (src/storage/feature-flags.ts). */
export interface MenuFlags {
  /** BUC, the experimental light edition: the use-case library in the full console. */
  buc: boolean;
}

export function menuPages(user: Pick<User, 'role' | 'organisations' | 'isLight' | 'projectPermissions'>, ghosting: boolean, flags: MenuFlags): MenuPage[] {
  const isSre = user.role === 'ROLE_PROVIDER_SRE' && !ghosting;
  const isSupport = user.role === 'ROLE_PROVIDER_SUPPORT' && !ghosting;
  // Toolbox, use cases and consumption belong to an organisation's contributors (its own members
  // working on its projects: not its external guests, not cockpit-only members whose console is the
  // dashboard, not light users who work in /self); the SRE reads them through its operations capability.
  // The toolbox and the library follow the page table; the consumption page lists those organisations.
  const contributor = !user.isLight && user.organisations.some((orga) => orga.contributor);
  const pages: MenuPage[] = [
    { id: 'profile', labelKey: 'routes:profile', icon: 'person', path: paths.profile() },
    { id: 'password', labelKey: 'routes:profilePassword', icon: 'key', path: paths.profilePassword() },
  ];
  if (mayOpenPage('kits', user, {})) pages.push({ id: 'toolbox', labelKey: 'routes:kits', icon: 'build', path: paths.kits() });
  if (flags.buc && mayOpenPage('useCasesLibrary', user, {})) {
    pages.push({ id: 'useCases', labelKey: 'routes:useCasesLibrary', icon: 'book', path: paths.useCasesLibrary() });
  }
  if (!user.isLight) pages.push({ id: 'filesViewer', labelKey: 'routes:filesViewer', icon: 'document-open', path: paths.filesViewer() });
  if (contributor || isSre || isSupport) {
    pages.push({ id: 'consumption', labelKey: 'routes:consumption', icon: 'timeline-bar-chart', path: paths.consumption() });
  }
  if (isSre) {
    pages.push(
      { id: 'sreInboxcare', labelKey: 'sre:menuInboxcare', icon: 'inbox', path: paths.sreInboxcare() },
      { id: 'sreAnalyses', labelKey: 'sre:menuCoreAnalyses', icon: 'list', path: paths.sreAnalyses() },
      { id: 'sreCounter', labelKey: 'sre:menu', icon: 'numerical', path: paths.sreAnalysesCounter() },
      { id: 'sreOrganisations', labelKey: 'sre:menuOrganisations', icon: 'office', path: paths.sreOrganisations() },
    );
  }
  pages.push({ id: 'localStorage', labelKey: 'routes:localStorageCleaner', icon: 'database', path: paths.localStorageCleaner() });
  return pages;
}

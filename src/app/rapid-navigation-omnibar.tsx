/**
 * The omnibar of rapid navigation, loaded the first time it is opened. Before anything is typed it
 * shows the recent pages; typing searches organisations, projects, environments, the pages of the user
 * menu and the recent pages. It starts empty at each opening; arrows, Enter and Escape drive it
 * (Blueprint's QueryList). Drawn like Blueprint's Omnibar, but as a combobox over a listbox: the
 * search field names the list it controls and its highlighted option, so screen readers follow the arrows.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Classes, Icon, InputGroup, MenuItem, Overlay2, Text } from '@blueprintjs/core';
import { Classes as SelectClasses, QueryList, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { navigationTargetsQuery } from '../api/navigation-query';
import { authQueries } from '../features/auth/queries';
import { formatDateTime } from '../i18n/dates';
import { useFlag } from '../storage/feature-flags';
import { usePreferences } from '../storage/preferences';
import { useGhostedUser } from './ghosting';
import { menuPages } from './menu-pages';
import { mayOpenPage } from './page-access';
import { hasToken } from './session';
import { useRecentPages } from './recent-pages';
import { paths } from './paths';
import { filterTargets, type NavigationTarget } from './rapid-navigation-targets';

const ICONS = { organisation: 'office', project: 'folder-close', environment: 'cube', page: 'document', recent: 'history' } as const;

export default function RapidNavigationOmnibar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation(['common', 'routes', 'sre']);
  const navigate = useNavigate();
  const recent = useRecentPages();
  const { language } = usePreferences();
  const ghost = useGhostedUser();
  const buc = useFlag('BUC');
  const [query, setQuery] = useState('');
  // Each opening starts from an empty search (and so from the recent pages).
  useEffect(() => {
    if (isOpen) setQuery('');
  }, [isOpen]);
  const { data: user } = useQuery({ ...authQueries.currentUser(), enabled: hasToken() });
  // What the user may see, from the server (hidden environments already left out); fetched again at
  // each opening (the last answer shows meanwhile), so a project or environment just created is found.
  const { data: targets } = useQuery({ ...navigationTargetsQuery(), enabled: isOpen && hasToken() });

  const items = useMemo<NavigationTarget[]>(
    () => [
      ...recent.map((page) => ({
        kind: 'recent' as const,
        label: t(`routes:${page.titleKey}` as never),
        path: page.path,
        detail: formatDateTime(page.visitedAt, language),
      })),
      ...(targets?.organisations ?? []).map((orga) => ({
        kind: 'organisation' as const,
        label: orga.name,
        path: paths.orga(orga.id),
        detail: t('common:rapidNavigation.organisation'),
      })),
      ...(targets?.projects ?? []).map((project) => ({
        kind: 'project' as const,
        label: project.name,
        path: paths.project(project.id),
        detail: `${t('common:rapidNavigation.project')} · ${project.organisationName}`,
      })),
      ...(targets?.environments ?? []).map((env) => ({
        kind: 'environment' as const,
        label: env.name,
        // The analyses, or the dashboard for whom the mail is closed (cockpit: §6 "dashboard only").
        path: mayOpenPage('analyses', user, { projectId: env.projectId, envId: env.id })
          ? paths.analyses(env.projectId, env.id)
          : paths.dashboard(env.projectId, env.id),
        detail: `${t('common:rapidNavigation.environment')} · ${env.projectName}`,
      })),
      ...(user ? menuPages(user, ghost !== undefined, { buc }) : []).map((page) => ({
        kind: 'page' as const,
        label: t(page.labelKey as never),
        path: page.path,
        detail: t('common:rapidNavigation.page'),
      })),
    ],
    [targets, recent, user, ghost, buc, t, language],
  );

  // Options, not menu items: the focus stays in the search field, which points at the highlighted one.
  const renderItem: ItemRenderer<NavigationTarget> = (item, { handleClick, handleFocus, modifiers, id, ref }) => (
    <li key={`${item.kind}:${item.path}`} ref={ref} id={id} role="option" aria-selected={modifiers.active} tabIndex={-1} onClick={handleClick} onFocus={handleFocus}>
      <div className={`${Classes.MENU_ITEM}${modifiers.active ? ` ${Classes.ACTIVE}` : ''}`} title={item.path}>
        <span className={Classes.MENU_ITEM_ICON} aria-hidden>
          <Icon icon={ICONS[item.kind]} />
        </span>
        <Text className={Classes.FILL} ellipsize>
          {item.label}
        </Text>
        <span className={Classes.MENU_ITEM_LABEL}>{item.detail}</span>
      </div>
    </li>
  );
  const placeholder = t('common:rapidNavigation.placeholder');

  return (
    <QueryList<NavigationTarget>
      items={items}
      query={query}
      onQueryChange={setQuery}
      itemRenderer={renderItem}
      itemListPredicate={filterTargets}
      initialContent={undefined /* Blueprint's query list shows nothing for an empty query otherwise */}
      noResults={<MenuItem roleStructure="listoption" disabled text={t(query.trim() ? 'common:rapidNavigation.empty' : 'common:rapidNavigation.noRecent')} />}
      onItemSelect={(item) => {
        onClose();
        void navigate(item.path);
      }}
      resetOnSelect
      renderer={({ handleKeyDown, handleKeyUp, handleQueryChange, itemList, listId, activeItemId }) => (
        <Overlay2 hasBackdrop isOpen={isOpen} className={SelectClasses.OMNIBAR_OVERLAY} onClose={onClose}>
          <div className={`${SelectClasses.OMNIBAR} p-rapid-navigation`} {...(isOpen ? { onKeyDown: handleKeyDown, onKeyUp: handleKeyUp } : {})}>
            <InputGroup
              autoFocus
              leftIcon="search"
              size="large"
              placeholder={placeholder}
              aria-label={placeholder}
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={isOpen}
              aria-controls={listId}
              aria-activedescendant={activeItemId}
              onChange={handleQueryChange}
              value={query}
            />
            {itemList}
          </div>
        </Overlay2>
      )}
    />
  );
}

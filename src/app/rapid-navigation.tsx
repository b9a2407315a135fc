/**
 * Rapid navigation (Ctrl/Cmd+K): an omnibar over the organisations, projects and environments the user
 * may see (from the API) and the recent pages kept in IndexedDB. It lives in app/ because it combines
 * several features' data.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MenuItem } from '@blueprintjs/core';
import { Omnibar, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { authQueries } from '../features/auth/queries';
import { formatDateTime } from '../i18n/dates';
import { usePreferences } from '../storage/preferences';
import { hasToken } from './session';
import { useRecentPages } from './recent-pages';
import { paths } from './paths';

export interface NavigationTarget {
  kind: 'organisation' | 'recent';
  label: string;
  path: string;
  detail?: string;
}

export const OPEN_RAPID_NAVIGATION_EVENT = 'postroom:rapid-navigation';

export function openRapidNavigation(): void {
  window.dispatchEvent(new Event(OPEN_RAPID_NAVIGATION_EVENT));
}

export const matchesTarget: ItemPredicate<NavigationTarget> = (query, item) => {
  const needle = query.trim().toLowerCase();
  return !needle || item.label.toLowerCase().includes(needle) || item.path.toLowerCase().includes(needle);
};

export function RapidNavigation() {
  const { t } = useTranslation(['common', 'routes']);
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const recent = useRecentPages();
  const { language } = usePreferences();
  const { data: user } = useQuery({ ...authQueries.currentUser(), enabled: isOpen && hasToken() });

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((open) => !open);
      }
    };
    const onOpen = () => setOpen(true);
    window.addEventListener('keydown', onKey);
    window.addEventListener(OPEN_RAPID_NAVIGATION_EVENT, onOpen);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener(OPEN_RAPID_NAVIGATION_EVENT, onOpen);
    };
  }, []);

  const items = useMemo<NavigationTarget[]>(
    () => [
      ...(user?.organisations ?? []).map((orga) => ({
        kind: 'organisation' as const,
        label: orga.name,
        path: paths.orga(orga.id),
        detail: t('common:rapidNavigation.organisation'),
      })),
      ...recent.map((page) => ({
        kind: 'recent' as const,
        label: t(`routes:${page.titleKey}` as never),
        path: page.path,
        detail: formatDateTime(page.visitedAt, language),
      })),
    ],
    [user, recent, t, language],
  );

  const renderItem: ItemRenderer<NavigationTarget> = (item, { handleClick, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={`${item.kind}:${item.path}`}
        active={modifiers.active}
        icon={item.kind === 'organisation' ? 'office' : 'history'}
        text={item.label}
        label={item.detail}
        title={item.path}
        onClick={handleClick}
      />
    ) : null;

  return (
    <Omnibar<NavigationTarget>
      isOpen={isOpen}
      items={items}
      itemRenderer={renderItem}
      itemPredicate={matchesTarget}
      noResults={<MenuItem disabled text={t('common:rapidNavigation.empty')} />}
      onItemSelect={(item) => {
        setOpen(false);
        void navigate(item.path);
      }}
      onClose={() => setOpen(false)}
      inputProps={{ placeholder: t('common:rapidNavigation.placeholder'), 'aria-label': t('common:rapidNavigation.placeholder') }}
      resetOnSelect
    />
  );
}

/** The omnibar of rapid navigation, loaded the first time it is opened. */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MenuItem } from '@blueprintjs/core';
import { Omnibar, type ItemPredicate, type ItemRenderer } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { request } from '../api/request';
import { navigationTargets } from '../contract/organisations';
import { formatDateTime } from '../i18n/dates';
import { usePreferences } from '../storage/preferences';
import { hasToken } from './session';
import { useRecentPages } from './recent-pages';
import { paths } from './paths';

export interface NavigationTarget {
  kind: 'organisation' | 'project' | 'environment' | 'recent';
  label: string;
  path: string;
  detail?: string;
}

const ICONS = { organisation: 'office', project: 'folder-close', environment: 'cube', recent: 'history' } as const;

export const matchesTarget: ItemPredicate<NavigationTarget> = (query, item) => {
  const needle = query.trim().toLowerCase();
  return (
    !needle ||
    item.label.toLowerCase().includes(needle) ||
    (item.detail ?? '').toLowerCase().includes(needle) ||
    item.path.toLowerCase().includes(needle)
  );
};

export default function RapidNavigationOmnibar({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation(['common', 'routes']);
  const navigate = useNavigate();
  const recent = useRecentPages();
  const { language } = usePreferences();
  // What the user may see, from the server (hidden environments already left out); fetched again at
  // each opening (the last answer shows meanwhile), so a project or environment just created is found.
  const { data: targets } = useQuery({
    queryKey: ['navigation', 'targets'],
    queryFn: ({ signal }) => request(navigationTargets, { signal }),
    enabled: isOpen && hasToken(),
  });

  const items = useMemo<NavigationTarget[]>(
    () => [
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
        path: paths.analyses(env.projectId, env.id),
        detail: `${t('common:rapidNavigation.environment')} · ${env.projectName}`,
      })),
      ...recent.map((page) => ({
        kind: 'recent' as const,
        label: t(`routes:${page.titleKey}` as never),
        path: page.path,
        detail: formatDateTime(page.visitedAt, language),
      })),
    ],
    [targets, recent, t, language],
  );

  const renderItem: ItemRenderer<NavigationTarget> = (item, { handleClick, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={`${item.kind}:${item.path}`}
        active={modifiers.active}
        icon={ICONS[item.kind]}
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
        onClose();
        void navigate(item.path);
      }}
      onClose={onClose}
      inputProps={{ placeholder: t('common:rapidNavigation.placeholder'), 'aria-label': t('common:rapidNavigation.placeholder') }}
      resetOnSelect
    />
  );
}

/**
 * The frame of one use case under /self/{envId}: its name, what is left of the month's
 * quota, and tabs Analyses, Dashboard, Settings, with a way back to the light user's home. Every
 * link stays under /self: a light user never lands on a full-console route from here. An id that is
 * not one of the user's use cases (deleted, mistyped, someone else's) says so instead of a page.
 */
import { NavLink, Link, Outlet, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import type { SelfUseCaseContext } from '../../app/self-use-case';
import { formatDate } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { selfServiceQueries } from './queries';
import { EmptyState } from '../../ui/empty-state';

const TABS: { id: 'analyses' | 'dashboard' | 'settings'; icon: IconName; to: (envId: string) => string }[] = [
  { id: 'analyses', icon: 'inbox', to: paths.selfAnalyses },
  { id: 'dashboard', icon: 'dashboard', to: paths.selfDashboard },
  { id: 'settings', icon: 'cog', to: paths.selfSettings },
];

export function UseCaseLayout() {
  const { t } = useTranslation('selfService');
  const { language } = usePreferences();
  const { envId = '' } = useParams();
  const overview = useQuery(selfServiceQueries.overview());
  const useCase = overview.data?.useCases.find((candidate) => candidate.id === envId);
  const back = <Link to={paths.selfService()}>← {t('useCase.back')}</Link>;

  return (
    <section className="p-page p-self-use-case">
      <p>{back}</p>
      <ListState query={overview} errorText={t('home.error')}>
        {overview.data && useCase === undefined && <EmptyState icon="search" title={t('useCase.notFound')} action={back} />}
        {overview.data && useCase !== undefined && (
          <>
            <h1 className="p-page__title">{useCase.name}</h1>
            <p className="bp6-text-muted" data-testid="self-use-case-quota">
              {t('useCase.quotaLeft', { count: overview.data.quota.left, date: formatDate(overview.data.quota.renewsOn, language) })}
            </p>
            <nav className="p-tabs" aria-label={t('useCase.tabs')}>
              {TABS.map((tab) => (
                <NavLink key={tab.id} to={tab.to(envId)} className={({ isActive }) => (isActive ? 'is-active' : undefined)} data-tab={tab.id}>
                  <Icon icon={tab.icon} size={14} /> {t(`useCase.${tab.id}`)}
                </NavLink>
              ))}
            </nav>
            <Outlet
              context={
                {
                  useCase,
                  quota: overview.data.quota,
                  refresh: () => overview.refetch(),
                } satisfies SelfUseCaseContext
              }
            />
          </>
        )}
      </ListState>
    </section>
  );
}

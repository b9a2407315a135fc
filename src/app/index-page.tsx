/**
 * The root path (spec §2.2): the signed-in user's organisations, each with its projects count, and
 * the pages they visited last (kept per user by the router, recent-pages.ts). Not signed in: the
 * login page; a light user: their self-service space.
 */
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card } from '@blueprintjs/core';
import { Pending } from '../ui/pending';
import { useTranslation } from 'react-i18next';
import { navigationTargetsQuery } from '../api/navigation-query';
import { authQueries } from '../features/auth/queries';
import { formatDateTime } from '../i18n/dates';
import { usePreferences } from '../storage/preferences';
import { ListState } from '../ui/list-state';
import { AppChrome } from './layouts/app-chrome';
import { defaultRedirect, paths } from './paths';
import { useRecentPages } from './recent-pages';
import { hasToken } from './session';
import { EmptyState } from '../ui/empty-state';

const RECENT_SHOWN = 8;

function IndexContent() {
  const { t } = useTranslation(['common', 'routes']);
  const { language } = usePreferences();
  const recent = useRecentPages().filter((page) => page.path !== paths.index()).slice(0, RECENT_SHOWN);
  const targets = useQuery(navigationTargetsQuery());
  const organisations = targets.data?.organisations ?? [];
  const projectsOf = (orgaId: string) => (targets.data?.projects ?? []).filter((project) => project.organisationId === orgaId).length;
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('common:indexPage.title')}</h1>
      <h2>{t('routes:organisations')}</h2>
      <ListState query={targets} isEmpty={organisations.length === 0} emptyText={t('common:organisations.none')} errorText={t('common:indexPage.error')}>
        <ul className="p-card-list" aria-label={t('routes:organisations')}>
          {organisations.map((orga) => (
            <li key={orga.id}>
              <Card interactive compact>
                <Link to={paths.orga(orga.id)}>
                  <strong>{orga.name}</strong>
                </Link>
                <div className="bp6-text-muted">{t('common:indexPage.projects', { count: projectsOf(orga.id) })}</div>
              </Card>
            </li>
          ))}
        </ul>
      </ListState>
      <h2>{t('common:indexPage.recent')}</h2>
      {recent.length === 0 ? (
        <EmptyState icon="history" description={t('common:indexPage.noRecent')} />
      ) : (
        <ul className="p-index__recent" aria-label={t('common:indexPage.recent')}>
          {recent.map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{t(`routes:${page.titleKey}` as never)}</Link>
              <span className="bp6-text-muted">{page.path}</span>
              <time className="bp6-text-muted" dateTime={new Date(page.visitedAt).toISOString()}>
                {formatDateTime(page.visitedAt, language)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function IndexPage() {
  const { t } = useTranslation();
  const signedIn = hasToken();
  const user = useQuery({ ...authQueries.currentUser(), enabled: signedIn });
  if (!signedIn) return <Navigate to={paths.login()} replace />;
  if (!user.data) return <main className="p-centered"><Pending queries={[user]} aria-label={t('loading')} /></main>;
  // Light users work in /self only (spec §6).
  if (user.data.isLight) return <Navigate to={defaultRedirect({ hasToken: true, isLight: true })} replace />;
  return (
    <AppChrome layout="private">
      <IndexContent />
    </AppChrome>
  );
}

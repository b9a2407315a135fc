/**
 * The frame of the env-management pages: which environment (`?envId=`, defaulting to the first the
 * user may see) and the tabs settings, import-export, access-keys, webhooks, integrations. The
 * project's versions page uses the same frame without the tabs.
 */
import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { listAccessKeys, listWebhooks } from '../../contract/access-keys';
import { mayCall } from '../../contract/define';
import { exportEnvironment, type EnvironmentListItem } from '../../contract/environments';
import { ListState } from '../../ui/list-state';
import { envManagementPages, paths, type EnvManagementPage } from '../../app/paths';
import { useFlag } from '../../storage/feature-flags';
import { environmentQueries } from './queries';
import { EmptyState } from '../../ui/empty-state';

type ShellPage = EnvManagementPage | 'versions';

const TAB_TITLES: Record<ShellPage, string> = {
  settings: 'envSettings',
  'import-export': 'envImportExport',
  'access-keys': 'accessKeys',
  webhooks: 'webhooks',
  integrations: 'integrations',
  versions: 'versions',
};

/**
 * Pages closed to some readers, by the endpoint that opens them (its access rule, the server's):
 * those who may not call it see why instead of a refusal.
 */
const GATED_PAGES: Partial<Record<ShellPage, { access: Parameters<typeof mayCall>[0]['access'] }>> = {
  'import-export': exportEnvironment,
  'access-keys': listAccessKeys,
  webhooks: listWebhooks,
};

const pagePath = (projectId: string, page: ShellPage) =>
  page === 'versions' ? paths.versions(projectId) : paths.envManagement(projectId, page);

export function EnvManagementShell({
  page,
  children,
}: {
  page: ShellPage;
  children: (env: EnvironmentListItem, projectId: string) => ReactNode;
}) {
  const { t } = useTranslation(['environments', 'routes']);
  const projectId = useParams().projectId ?? '';
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const list = useQuery(environmentQueries.list(projectId));
  const project = useQuery(environmentQueries.project(projectId));
  const gate = GATED_PAGES[page];
  const allowed = gate === undefined || mayCall(gate, project.data);
  const alive = (list.data ?? []).filter((env) => !env.deleting);
  const env = alive.find((e) => e.id === search.get('envId')) ?? alive[0];
  const query = env ? `?envId=${encodeURIComponent(env.id)}` : '';
  const versionsOn = useFlag('projectVersions');

  return (
    <section className="p-page">
      <div className="p-page__header">
        <h1 className="p-page__title">{t(`routes:${TAB_TITLES[page]}` as never)}</h1>
        {alive.length > 0 && (
          <HTMLSelect
            aria-label={t('shell.environment')}
            value={env?.id}
            onChange={(e) => void navigate(`${pagePath(projectId, page)}?envId=${encodeURIComponent(e.currentTarget.value)}`)}
            options={alive.map((e) => ({ value: e.id, label: e.name }))}
          />
        )}
        {/* Between an environment's settings and its versions, keeping the chosen environment. */}
        {env && page === 'versions' && <Link to={`${paths.envManagement(projectId, 'settings')}${query}`}>{t('routes:envSettings')}</Link>}
        {env && page !== 'versions' && versionsOn && <Link to={`${paths.versions(projectId)}${query}`}>{t('routes:versions')}</Link>}
      </div>
      {page !== 'versions' && (
        <nav className="p-tabs" aria-label={t('shell.tabs')}>
          {envManagementPages.map((tab) => (
            <NavLink key={tab} to={`${paths.envManagement(projectId, tab)}${query}`} className={tab === page ? 'is-active' : undefined}>
              {t(`routes:${TAB_TITLES[tab]}` as never)}
            </NavLink>
          ))}
        </nav>
      )}
      <ListState
        isPending={list.isPending || (!allowed && project.isPending)}
        waitingOn={allowed ? [list] : [list, project]}
        error={list.error}
        isEmpty={env === undefined}
        emptyText={t('shell.noEnvironment')}
        errorText={t('shell.error')}
        onRetry={() => void list.refetch()}
      >
        {allowed ? env && children(env, projectId) : <EmptyState icon="lock" title={t('settings.readOnly')} />}
      </ListState>
    </section>
  );
}

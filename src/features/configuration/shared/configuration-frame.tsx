/**
 * The frame every configuration screen shares: breadcrumbs back to the configuration menu (and any
 * crumbs between), the title with its actions; and, from the route, the environment and whether the
 * caller may edit (the server refuses anyone else with 403; the screens only hide what it would refuse).
 */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { BreadcrumbTrail } from '../../../ui/breadcrumb-trail';
import { useTranslation } from 'react-i18next';
import { request } from '../../../api/request';
import { getProject } from '../../../contract/organisations';
import { paths } from '../../../app/paths';

const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: ['configuration', 'project', projectId] as const,
    queryFn: ({ signal }) => request(getProject, { params: { projectId }, signal }),
  });

export function useConfigurationEnv() {
  const { projectId = '', envId = '', moduleId = '' } = useParams();
  const project = useQuery(projectQuery(projectId));
  return { projectId, envId, moduleId, project: project.data, canEdit: project.data?.profile === 'configurator' };
}

export interface Crumb {
  text: string;
  to: string;
}

export function ConfigurationFrame({ title, crumbs = [], actions, children }: { title: string; crumbs?: Crumb[]; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const { projectId = '', envId = '' } = useParams();
  return (
    <section className="p-page">
      <BreadcrumbTrail
        label={t('common:a11y.configurationBreadcrumb' as never)}
        items={[{ text: t('configuration'), href: paths.configuration(projectId, envId) }, ...crumbs.map((crumb) => ({ text: crumb.text, href: crumb.to })), { text: title, current: true }]}
      />
      <div className="p-page__header">
        <h1 className="p-page__title">{title}</h1>
        {actions && <div className="p-toolbar">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

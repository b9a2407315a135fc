/** The frame of the reply generator screens: breadcrumbs back to the configuration menu, title, actions; and who may edit. */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { replyQueries } from './queries';

export function useRepliesEnv() {
  const { projectId = '', envId = '', templateId = '', moduleId = '' } = useParams();
  const project = useQuery(replyQueries.project(projectId));
  // The server says no to anyone else (403); the screens only hide what would be refused.
  const canEdit = project.data?.profile === 'configurator';
  return { projectId, envId, templateId, moduleId, canEdit };
}

export function RepliesFrame({ title, withList = false, actions, children }: { title: string; withList?: boolean; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const { projectId, envId } = useRepliesEnv();
  const crumbs = [
    { text: t('configuration'), href: paths.configuration(projectId, envId) },
    ...(withList ? [{ text: t('replyTemplates'), href: paths.replyTemplates(projectId, envId) }] : []),
    { text: title, current: true },
  ];
  return (
    <section className="p-page">
      <Breadcrumbs items={crumbs} breadcrumbRenderer={({ text, href }) => (href ? <Link to={href}>{text}</Link> : <span>{text}</span>)} />
      <div className="p-page__header">
        <h1 className="p-page__title">{title}</h1>
        {actions && <div className="p-toolbar">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** The frame of every NLU screen: title, a way back to the configuration menu, the page's actions. */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { nluQueries } from './queries';

export function useNluEnv() {
  const { projectId = '', envId = '' } = useParams();
  const project = useQuery(nluQueries.project(projectId));
  // The server says no to anyone else (403); the screens only hide what would be refused.
  const canEdit = project.data?.profile === 'configurator';
  return { projectId, envId, canEdit };
}

export function NluPage({ title, actions, parent, children }: { title: string; actions?: ReactNode; parent?: { text: string; to: string }; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const { projectId = '', envId = '' } = useParams();
  return (
    <section className="p-page">
      <Breadcrumbs
        items={[{ text: t('configuration'), href: paths.configuration(projectId, envId) }, ...(parent ? [{ text: parent.text, href: parent.to }] : []), { text: title, current: true }]}
        breadcrumbRenderer={({ text, href }) => (href ? <Link to={href}>{text}</Link> : <span>{text}</span>)}
      />
      <div className="p-page__header">
        <h1 className="p-page__title">{title}</h1>
        {actions && <div className="p-toolbar">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

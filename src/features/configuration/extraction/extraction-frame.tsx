/** The frame of the extraction screens: breadcrumbs back to the configuration menu, title; and who may edit. */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { extractionQueries } from './queries';

export function useExtractionEnv() {
  const { projectId = '', envId = '', moduleId = '' } = useParams();
  const project = useQuery(extractionQueries.project(projectId));
  // The server says no to anyone else (403); the screens only hide what would be refused.
  const canEdit = project.data?.profile === 'configurator';
  return { projectId, envId, moduleId, canEdit };
}

export function ExtractionFrame({ title, crumbs = [], children }: { title: string; crumbs?: { text: string; to: string }[]; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const { projectId = '', envId = '' } = useParams();
  return (
    <section className="p-page">
      <Breadcrumbs
        items={[{ text: t('configuration'), href: paths.configuration(projectId, envId) }, ...crumbs.map((crumb) => ({ text: crumb.text, href: crumb.to })), { text: title, current: true }]}
        breadcrumbRenderer={({ text, href }) => (href ? <Link to={href}>{text}</Link> : <span>{text}</span>)}
      />
      <div className="p-page__header">
        <h1 className="p-page__title">{title}</h1>
      </div>
      {children}
    </section>
  );
}

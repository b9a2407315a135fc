/** The frame of the output screens: breadcrumbs back to the configuration menu, title; and who may edit. */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { outputQueries } from './queries';

export function useOutputEnv() {
  const { projectId = '', envId = '', moduleId = '' } = useParams();
  const project = useQuery(outputQueries.project(projectId));
  // The server says no to anyone else (403); the screen only hides what would be refused.
  const canEdit = project.data?.profile === 'configurator';
  return { projectId, envId, moduleId, canEdit };
}

export function OutputFrame({ title, withList = false, children }: { title: string; withList?: boolean; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const { projectId, envId } = useOutputEnv();
  return (
    <section className="p-page">
      <Breadcrumbs
        items={[
          { text: t('configuration'), href: paths.configuration(projectId, envId) },
          ...(withList ? [{ text: t('output'), href: paths.output(projectId, envId) }] : []),
          { text: title, current: true },
        ]}
        breadcrumbRenderer={({ text, href }) => (href ? <Link to={href}>{text}</Link> : <span>{text}</span>)}
      />
      <div className="p-page__header">
        <h1 className="p-page__title">{title}</h1>
      </div>
      {children}
    </section>
  );
}

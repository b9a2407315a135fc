/** The frame of every categorization and consolidation screen: breadcrumbs back to the configuration menu, title, actions. */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs, Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { categorizationQueries } from './queries';

export function useCategorizationEnv() {
  const { projectId = '', envId = '', moduleId = '' } = useParams();
  const project = useQuery(categorizationQueries.project(projectId));
  // §2.4: categorization is not configurable on the legacy IC variant (the server answers 409
  // categorizationLegacyProject); it can still be read and tested there.
  const legacy = project.data?.type === 'IC';
  // The server says no to anyone else (403); the screens only hide what would be refused.
  const canEdit = project.data?.profile === 'configurator' && !legacy;
  return { projectId, envId, moduleId, canEdit, legacy };
}

export interface Crumb {
  text: string;
  to: string;
}

export function CategorizationFrame({ title, crumbs = [], actions, children }: { title: string; crumbs?: Crumb[]; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation(['routes', 'categorization']);
  const { projectId = '', envId = '' } = useParams();
  const { legacy } = useCategorizationEnv();
  return (
    <section className="p-page">
      <Breadcrumbs
        items={[{ text: t('configuration'), href: paths.configuration(projectId, envId) }, ...crumbs.map((crumb) => ({ text: crumb.text, href: crumb.to })), { text: title, current: true }]}
        breadcrumbRenderer={({ text, href }) => (href ? <Link to={href}>{text}</Link> : <span>{text}</span>)}
      />
      <div className="p-page__header">
        <h1 className="p-page__title">{title}</h1>
        {actions && <div className="p-toolbar">{actions}</div>}
      </div>
      {legacy && (
        <Callout intent={Intent.WARNING} compact data-testid="categorization-legacy">
          {t('categorization:errors.categorizationLegacyProject')}
        </Callout>
      )}
      {children}
    </section>
  );
}

/** The frame of the OCR rules screens: breadcrumbs back to the configuration menu, title, actions; and who may edit. */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumbs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { ocrRulesQueries } from './queries';

export function useOcrRulesEnv() {
  const { projectId = '', envId = '', moduleId = '' } = useParams();
  const project = useQuery(ocrRulesQueries.project(projectId));
  // The server says no to anyone else (403); the screens only hide what would be refused.
  const canEdit = project.data?.profile === 'configurator';
  return { projectId, envId, moduleId, canEdit };
}

export function OcrRulesFrame({ title, withModules = false, actions, children }: { title: string; withModules?: boolean; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('routes');
  const { projectId, envId } = useOcrRulesEnv();
  return (
    <section className="p-page">
      <Breadcrumbs
        items={[
          { text: t('configuration'), href: paths.configuration(projectId, envId) },
          ...(withModules ? [{ text: t('ocrDataExtraction'), href: paths.ocrDataExtraction(projectId, envId) }] : []),
          { text: title, current: true },
        ]}
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

/**
 * The latest rendering errors (§9: 50 per environment) with the analysis and the line; §8 "No errors
 * detected". In a template's editor, those of this template (rendered, or included); on the list page
 * (the reply generator's template errors tab), every template's.
 */
import { useQuery } from '@tanstack/react-query';

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { formatDateTime } from '../../../i18n/dates';
import { ListState } from '../../../ui/list-state';
import { usePreferences } from '../../../storage/preferences';
import { renderErrorText } from './messages';
import { replyQueries } from './queries';
import { useRepliesEnv } from './replies-frame';
import { EmptyState } from '../../../ui/empty-state';
import { DataTable } from '../../../ui/data-table';

export function ErrorsTab({ name }: { name?: string }) {
  const { t } = useTranslation('replies');
  const { envId, projectId } = useRepliesEnv();
  const { language } = usePreferences();
  const errors = useQuery(replyQueries.errors(envId));
  const mine = (errors.data?.errors ?? []).filter((error) => name === undefined || error.template === name || error.inTemplate === name);
  return (
    <section data-testid="reply-errors">
      <p className="bp6-text-muted">{t('errorsTab.help')}</p>
      <ListState query={errors} errorText={t('errorsTab.error')}>
        {mine.length === 0 ? (
          <EmptyState icon="tick-circle" title={t('errorsTab.none')} />
        ) : (
          <DataTable className="p-table" compact>
            <thead>
              <tr>
                <th>{t('errorsTab.date')}</th>
                <th>{t('errorsTab.analysis')}</th>
                <th>{t('errorsTab.template')}</th>
                <th>{t('errorsTab.line')}</th>
                <th>{t('errorsTab.message')}</th>
              </tr>
            </thead>
            <tbody>
              {mine.map((error) => (
                <tr key={error.id} data-testid="reply-error-row">
                  <td>{formatDateTime(error.createdAt, language)}</td>
                  <td>
                    <Link to={paths.analysis(projectId, envId, error.analysisId)}>{error.analysisName}</Link>
                  </td>
                  <td>{error.inTemplate === error.template ? error.template : `${error.template} → ${error.inTemplate}`}</td>
                  <td>{error.line ?? '—'}</td>
                  <td>{renderErrorText({ ...error, template: error.inTemplate })}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </ListState>
    </section>
  );
}

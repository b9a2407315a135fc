/**
 * The vision engine's result on the analysis page: the categories it gave, its answer or
 * explanation, the fields it read, and which pages the model saw (and how many it did not).
 * Unreadable results fall back to the JSON tree.
 */
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ModuleResult } from '../../contract/analyses';
import { visionEngineResultSchema } from '../../contract/modules/vision-engine';
import { JsonTree } from '../../ui/json-tree';
import { DataTable } from '../../ui/data-table';

export function VisionResultView({ module }: { module: ModuleResult }) {
  const { t } = useTranslation('vision');
  const parsed = visionEngineResultSchema.safeParse(module.result);
  if (!parsed.success) return <JsonTree value={module.result} />;
  const { type, model, categories, fields, answer, pages, pagesLeftOut } = parsed.data;
  const fieldEntries = Object.entries(fields);
  return (
    <div data-testid="vision-result">
      <p>{t('result.model', { model, type: t(`types.${type}`) })}</p>
      {type !== 'strict_extraction' && (
        <p data-testid="vision-categories">
          {t('result.categories')}{' '}
          {categories.length === 0 ? <span className="bp6-text-muted">{t('result.noCategory')}</span> : categories.map((key) => <Tag key={key} minimal style={{ marginRight: '0.25rem' }}>{key}</Tag>)}
        </p>
      )}
      {answer !== null && (
        <blockquote className="bp6-blockquote" data-testid="vision-answer">
          {answer}
        </blockquote>
      )}
      {fieldEntries.length > 0 && (
        <DataTable compact striped data-testid="vision-fields">
          <thead>
            <tr>
              <th>{t('result.field')}</th>
              <th>{t('result.value')}</th>
            </tr>
          </thead>
          <tbody>
            {fieldEntries.map(([field, value]) => (
              <tr key={field}>
                <td>{field}</td>
                <td>{value ?? <span className="bp6-text-muted">{t('result.notFound')}</span>}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <p className="bp6-text-muted">
        {t('result.pages', { count: pages.length, pages: pages.map((page) => (page.page === null ? page.document : `${page.document} p. ${page.page}`)).join(', ') })}
        {pagesLeftOut > 0 && ` ${t('result.pagesLeftOut', { count: pagesLeftOut })}`}
      </p>
    </div>
  );
}

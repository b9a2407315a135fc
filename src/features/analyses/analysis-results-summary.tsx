/**
 * What a user looks for first on an analysis, at the top of its overview: the final categories with
 * why (the categorization decision behind each), the extracted values with their labels, and the
 * reply draft, each with its empty state. Values and the draft come from a sender's mail: they are
 * rendered as React text, never as HTML.
 */
import { Callout, Classes, H3, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AnalysisSummary } from '../../contract/analyses';
import type { SummaryField } from '../../contract/results-summary';
import { DecisionWhy } from '../../ui/category-decisions';
import { DataTable } from '../../ui/data-table';

type Results = Pick<AnalysisSummary, 'categories' | 'extractedData' | 'replyDraft' | 'status'>;

const valueText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

export function AnalysisResultsSummary({ analysis }: { analysis: Results }) {
  const { t } = useTranslation('analyses');
  const running = analysis.status === 'waiting' || analysis.status === 'pending';
  return (
    <div className="p-results-summary" data-testid="results-summary">
      {running && <p className={Classes.TEXT_MUTED}>{t('results.notYet')}</p>}
      <section aria-labelledby="results-categories" data-testid="results-categories">
        <H3 id="results-categories">{t('results.categories')}</H3>
        {analysis.categories.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{t('results.noCategory')}</p>
        ) : (
          <DataTable compact className="p-table">
            <thead>
              <tr>
                <th>{t('results.category')}</th>
                <th>{t('results.why')}</th>
              </tr>
            </thead>
            <tbody>
              {analysis.categories.map((category) => (
                <tr key={category.name} data-testid="results-category">
                  <td>
                    <strong data-testid="results-category-name">{category.name}</strong>
                    <div className={Classes.TEXT_MUTED}>{t('results.document', { name: category.documentName })}</div>
                    {category.labels.length > 0 && <div>{t('results.labels', { labels: category.labels.join(', ') })}</div>}
                  </td>
                  <td>
                    <DecisionWhy decision={category.decision} />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
      <section aria-labelledby="results-fields" data-testid="results-fields">
        <H3 id="results-fields">{t('results.fields')}</H3>
        {analysis.extractedData.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{t('results.noFields')}</p>
        ) : (
          <DataTable compact className="p-table">
            <thead>
              <tr>
                <th>{t('results.field')}</th>
                <th>{t('results.value')}</th>
                <th>{t('results.fromDocument')}</th>
              </tr>
            </thead>
            <tbody>
              {analysis.extractedData.map((field, index) => (
                <FieldRow key={`${field.document ?? ''}/${field.name}/${index}`} field={field} />
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
      <section aria-labelledby="results-draft" data-testid="results-draft">
        <H3 id="results-draft">{t('results.draft')}</H3>
        {analysis.replyDraft === null ? (
          <p className={Classes.TEXT_MUTED}>{t('results.noDraft')}</p>
        ) : (
          <>
            <Tag minimal>{t('results.template', { name: analysis.replyDraft.template })}</Tag>
            <pre className="p-results-draft" data-testid="results-draft-text">{analysis.replyDraft.text}</pre>
            {analysis.replyDraft.truncated && <Callout compact>{t('results.truncated')}</Callout>}
          </>
        )}
      </section>
    </div>
  );
}

function FieldRow({ field }: { field: SummaryField }) {
  const { t } = useTranslation('analyses');
  return (
    <tr data-testid="results-field">
      <td>
        {field.label ?? <code>{field.name}</code>}
        {field.label !== null && <div className={Classes.TEXT_MUTED}><code>{field.name}</code></div>}
      </td>
      <td>
        <span data-testid="results-field-value">{valueText(field.value)}</span>
        {field.truncated && <div className={Classes.TEXT_MUTED}>{t('results.truncated')}</div>}
      </td>
      <td>{field.document ?? t('results.wholeAnalysis')}</td>
    </tr>
  );
}

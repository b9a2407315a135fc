/**
 * Categories with why (every decision records why): for each document (or page), the
 * categories given, the rule that fired with its priority and AND/OR, and each criterion that held
 * with what was found and, for an interaction, the words of the document behind it with their line
 * (and page); the default and advanced-program decisions said as such. And consolidation's
 * final categories with their reason and labels. Shown by the categorization test panel and the
 * analysis result.
 */
import { Classes, H3, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CategoryDecision, DocumentCategorization } from '../contract/modules/categorization';
import type { ConsolidatedCategory } from '../contract/modules/consolidation';
import { criterionText } from './criterion-text';
import { usePreferences } from '../storage/preferences';
import { DataTable } from './data-table';

export function DecisionWhy({ decision }: { decision: CategoryDecision }) {
  const { t } = useTranslation('categorization');
  const { language } = usePreferences();
  const { explanation } = decision;
  if (explanation.kind === 'default') return <span data-testid="category-why">{t('why.default')}</span>;
  if (explanation.kind === 'advanced') return <span data-testid="category-why">{t('why.advanced', { line: explanation.line })}</span>;
  return (
    <div data-testid="category-why">
      {t('why.rule', { rule: explanation.ruleName, priority: explanation.priority, combinator: t(`combinator.${explanation.combinator}`) })}
      <ul className="p-why">
        {explanation.held.map((held) => (
          <li key={held.index} data-testid="held-criterion">
            {criterionText(held.criterion)}
            {held.evidence.length > 0 && <span className={Classes.TEXT_MUTED}> — {t('why.found', { evidence: held.evidence.join(' ; ') })}</span>}
            {(held.quotes ?? []).length > 0 && (
              <span data-testid="criterion-words">
                {' '}
                — {t('why.words', { quotes: new Intl.ListFormat(language, { type: 'conjunction' }).format(held.quotes.map((quote) => (quote.page === null ? t('why.quoteAtLine', quote) : t('why.quoteAtPage', quote)))) })}
              </span>
            )}
          </li>
        ))}
      </ul>
      {explanation.taint && <Tag minimal>{t('why.taint', { taint: explanation.taint.name })}</Tag>}
    </div>
  );
}

export function DocumentCategories({ documents }: { documents: readonly DocumentCategorization[] }) {
  const { t } = useTranslation('categorization');
  if (documents.length === 0) return <p className={Classes.TEXT_MUTED}>{t('why.noDocument')}</p>;
  return (
    <>
      {documents.map((document) => (
        <section key={`${document.document}-${document.page ?? 0}`} data-testid="document-categories">
          <H3 className="p-card-heading">
            {document.documentName}
            {document.page !== null && ` — ${t('why.page', { page: document.page })}`} <Tag minimal>{t(`source.${document.source}`)}</Tag>
          </H3>
          {document.categories.length === 0 ? (
            <p className={Classes.TEXT_MUTED}>{t('why.none')}</p>
          ) : (
            <DataTable className="p-table" compact>
              <thead>
                <tr>
                  <th>{t('why.category')}</th>
                  <th>{t('why.why')}</th>
                </tr>
              </thead>
              <tbody>
                {document.categories.map((decision, index) => (
                  <tr key={index} data-testid="category-decision">
                    <td>
                      <strong data-testid="category-name">{decision.category}</strong>
                    </td>
                    <td>
                      <DecisionWhy decision={decision} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          {document.taints.length > 0 && <p>{t('why.taints', { taints: document.taints.join(', ') })}</p>}
        </section>
      ))}
    </>
  );
}

export function ConsolidatedCategories({ categories, labels }: { categories: readonly ConsolidatedCategory[]; labels: readonly string[] }) {
  const { t } = useTranslation('categorization');
  if (categories.length === 0) return <p className={Classes.TEXT_MUTED}>{t('why.none')}</p>;
  return (
    <div data-testid="final-categories">
      <DataTable className="p-table" compact>
        <thead>
          <tr>
            <th>{t('why.category')}</th>
            <th>{t('why.reason')}</th>
            <th>{t('why.why')}</th>
          </tr>
        </thead>
        <tbody>
          {categories.map((category, index) => (
            <tr key={index} data-testid="final-category">
              <td>
                <strong data-testid="category-name">{category.category}</strong>
                <div className={Classes.TEXT_MUTED}>{category.from.documentName}</div>
              </td>
              <td>{t(`reason.${category.reason}`)}</td>
              <td>
                <DecisionWhy decision={category.decision} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      {labels.length > 0 && <p>{t('why.labels', { labels: labels.join(', ') })}</p>}
    </div>
  );
}

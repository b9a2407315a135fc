/**
 * Categories with why (every decision records why): for each document (or page), the
 * categories given, the rule that fired with its priority and AND/OR, and each criterion that held
 * with what was found and, for an interaction, the words of the document behind it with their line
 * (and page); the default and advanced-program decisions said as such. And consolidation's
 * final categories with their reason and labels. Shown by the categorization test panel and the
 * analysis result.
 */
import { createContext, useContext } from 'react';
import { Classes, H3, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { CategoryDecision, DocumentCategorization, Quote } from '../contract/modules/categorization';
import { tr } from './message';
import { toast } from './toasts/toast-service';
import type { ConsolidatedCategory } from '../contract/modules/consolidation';
import { criterionText } from './criterion-text';
import { usePreferences } from '../storage/preferences';
import { DataTable } from './data-table';

/**
 * Where a screen shows the document's text (the analysis result's NLU view), it says how to show a
 * quote in it: the quotes become links that select and scroll to their words. False: not shown there.
 */
export const QuoteLocator = createContext<((quote: Quote, documentName: string | null) => boolean) | null>(null);

/** The quotes of a criterion, "« a » (ligne 1) et « b » (ligne 2)", each a link to its words where the screen can show them. */
function Quotes({ quotes, documentName }: { quotes: readonly Quote[]; documentName: string | null }) {
  const { t } = useTranslation('categorization');
  const { language } = usePreferences();
  const locate = useContext(QuoteLocator);
  const texts = quotes.map((quote) => (quote.page === null ? t('why.quoteAtLine', quote) : t('why.quoteAtPage', quote)));
  // The list's own words ("et", commas) between the quotes, in the reader's language.
  const parts = new Intl.ListFormat(language, { type: 'conjunction' }).formatToParts(texts);
  let next = 0;
  return (
    <>
      {parts.map((part, index) => {
        if (part.type === 'literal' || !locate) return <span key={index}>{part.value}</span>;
        const quote = quotes[next++]!;
        return (
          <button
            key={index}
            type="button"
            className="p-quote-link"
            onClick={() => {
              if (!locate(quote, documentName)) toast.info({ summary: tr('categorization:why.quoteNotShown', { text: quote.text }) });
            }}
          >
            {part.value}
          </button>
        );
      })}
    </>
  );
}

export function DecisionWhy({ decision, documentName = null }: { decision: CategoryDecision; documentName?: string | null }) {
  const { t } = useTranslation('categorization');
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
            {held.quotes.length > 0 && (
              <span data-testid="criterion-words">
                {' '}
                — {t('why.wordsLead')} <Quotes quotes={held.quotes} documentName={documentName} />
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
                      <DecisionWhy decision={decision} documentName={document.documentName} />
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

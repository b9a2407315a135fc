/**
 * The categorization and consolidation modules' results on the analysis page (every
 * decision records why): each document's categories with the rule that fired and the criteria
 * that held; consolidation's final categories with their reason and labels. Unreadable results fall
 * back to the JSON tree.
 */
import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ModuleResult } from '../../contract/analyses';
import { categorizationResultSchema } from '../../contract/modules/categorization';
import { consolidationResultSchema } from '../../contract/modules/consolidation';
import { ConsolidatedCategories, DocumentCategories } from '../../ui/category-decisions';
import { JsonTree } from '../../ui/json-tree';

export function CategorizationResultView({ module }: { module: ModuleResult }) {
  const { t } = useTranslation('categorization');
  const parsed = categorizationResultSchema.safeParse(module.result);
  if (!parsed.success) return <JsonTree value={module.result} />;
  const { documents, taints, advancedErrors, documentsNotCategorized } = parsed.data;
  return (
    <div data-testid="categorization-result">
      <DocumentCategories documents={documents} />
      {taints.length > 0 && <p>{t('why.analysisTaints', { taints: taints.join(', ') })}</p>}
      {advancedErrors.length > 0 && (
        <Callout intent={Intent.WARNING} compact>
          <ul>
            {advancedErrors.map((error, index) => (
              <li key={index}>{t(`advancedErrors.${error.code}`, { line: error.line ?? '?', message: error.message })}</li>
            ))}
          </ul>
        </Callout>
      )}
      {documentsNotCategorized > 0 && <p className="bp6-text-muted">{t('why.notCategorized', { count: documentsNotCategorized })}</p>}
    </div>
  );
}

export function ConsolidationResultView({ module }: { module: ModuleResult }) {
  const { t } = useTranslation('categorization');
  const parsed = consolidationResultSchema.safeParse(module.result);
  if (!parsed.success) return <JsonTree value={module.result} />;
  return (
    <div data-testid="consolidation-result">
      <p className="bp6-text-muted">{t('why.workflow', { workflowId: parsed.data.workflowId })}</p>
      <ConsolidatedCategories categories={parsed.data.categories} labels={parsed.data.labels} />
    </div>
  );
}

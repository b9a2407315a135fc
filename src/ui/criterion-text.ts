/**
 * A categorization criterion in words, in the user's language ("Interaction « resilierContrat »
 * (assurance), parameter montant > 1000"): the rules table's summary and the "why" of a category on
 * the test panel and the analysis result.
 */
import i18next from 'i18next';
import type { Criterion, ValueCondition } from '../contract/modules/categorization';

const t = (key: string, params?: Record<string, unknown>) => i18next.t(`categorization:${key}` as never, params as never) as unknown as string;

export function conditionText(condition: ValueCondition): string {
  switch (condition.operator) {
    case 'exists':
      return t('condition.exists');
    case 'oneOf':
      return t('condition.oneOf', { values: condition.values.join(', ') });
    case 'greaterThan':
    case 'lessThan':
      return t(`condition.${condition.operator}`, { value: condition.value, type: t(`condition.types.${condition.valueType}`) });
    default:
      return t(`condition.${condition.operator}`, { value: condition.value });
  }
}

export function criterionText(criterion: Criterion): string {
  switch (criterion.type) {
    case 'interaction': {
      const base = t(criterion.context ? 'criterion.interactionIn' : 'criterion.interaction', { interaction: criterion.interaction, context: criterion.context });
      const parameters = criterion.parameters.map((parameter) => t('criterion.parameter', { parameter: parameter.parameter, condition: conditionText(parameter.condition) }));
      return [base, ...(criterion.complete ? [] : [t('criterion.incomplete')]), ...parameters].join(', ');
    }
    case 'category':
      return t('criterion.category', { category: criterion.category, scope: t(`scope.${criterion.scope}`) });
    case 'extractedData':
      return t('criterion.extractedData', { field: criterion.field, condition: conditionText(criterion.condition) });
    case 'consolidationSource':
      return t(criterion.fileName ? 'criterion.sourceFile' : 'criterion.source', { source: t(`scope.${criterion.source}`), fileName: criterion.fileName });
    case 'header':
      return t('criterion.header', { header: criterion.header, condition: conditionText(criterion.condition) });
    case 'metadata':
      return t('criterion.metadata', { key: criterion.key, condition: conditionText(criterion.condition) });
    case 'visionEngine':
      return t('criterion.visionEngine', { key: criterion.key, condition: conditionText(criterion.condition) });
  }
}

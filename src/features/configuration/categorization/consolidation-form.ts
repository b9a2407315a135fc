/**
 * The consolidation settings as field descriptors (AutoForm) and the mapping between the contract's
 * configuration and the form's flat value: one labels field per category the earlier categorization
 * modules can give ("SINISTRE, URGENT"), kept as the contract's `labels` list.
 */
import type { TFunction } from 'i18next';
import type { ConsolidationConfig, ConsolidationSettings } from '../../../contract/categorization';
import type { AutoField } from '../../../ui/auto-form';

export type ConsolidationFormValue = Record<string, unknown> & Omit<ConsolidationConfig, 'labels'>;

const LABEL_PREFIX = 'label:';
const split = (text: string) => text.split(',').map((item) => item.trim()).filter(Boolean);
const names = (settings: ConsolidationSettings) => [...new Set(settings.categories.map((category) => category.name))];

export function toFormValue(config: ConsolidationConfig, settings: ConsolidationSettings): ConsolidationFormValue {
  const { labels, ...rest } = config;
  const byCategory = new Map(labels.map((entry) => [entry.category, entry.labels.join(', ')]));
  return { ...rest, ...Object.fromEntries([...names(settings), ...byCategory.keys()].map((name) => [`${LABEL_PREFIX}${name}`, byCategory.get(name) ?? ''])) };
}

export function fromFormValue(value: ConsolidationFormValue): ConsolidationConfig {
  const labels = Object.entries(value)
    .filter(([key, text]) => key.startsWith(LABEL_PREFIX) && typeof text === 'string' && split(text).length > 0)
    .map(([key, text]) => ({ category: key.slice(LABEL_PREFIX.length), labels: split(text as string) }));
  const { workflowId, precedence, attachmentPrecedence, merge, maxCategories, dropDefault } = value;
  return { workflowId, precedence, attachmentPrecedence, merge, maxCategories, dropDefault, labels };
}

export function consolidationFields(t: TFunction<'categorization'>, settings: ConsolidationSettings, value: ConsolidationFormValue, disabled: boolean): AutoField[] {
  const attachmentCategories = [...new Set(settings.categories.filter((category) => category.target === 'attachment').map((category) => category.name))];
  const fields: AutoField[] = [
    { name: 'workflowId', kind: 'text', label: t('consolidation.workflowId'), help: t('consolidation.workflowIdHelp') },
    { name: 'precedence', kind: 'select', label: t('consolidation.precedence'), options: (['body', 'attachment'] as const).map((side) => ({ value: side, label: t(`consolidation.sides.${side}`) })) },
    { name: 'attachmentPrecedence', kind: 'checklist', label: t('consolidation.attachmentPrecedence'), help: t('consolidation.attachmentPrecedenceHelp'), options: attachmentCategories.map((name) => ({ value: name, label: name })), hidden: attachmentCategories.length === 0 },
    { name: 'merge', kind: 'select', label: t('consolidation.merge'), options: (['winner', 'union'] as const).map((merge) => ({ value: merge, label: t(`consolidation.merges.${merge}`) })) },
    { name: 'maxCategories', kind: 'number', label: t('consolidation.maxCategories'), min: 1, max: 100, hidden: value.merge !== 'union' },
    { name: 'dropDefault', kind: 'switch', label: t('consolidation.dropDefault') },
    ...Object.keys(value)
      .filter((key) => key.startsWith(LABEL_PREFIX))
      .map((key): AutoField => ({ name: key, kind: 'text', label: t('consolidation.labelsOf', { category: key.slice(LABEL_PREFIX.length) }), placeholder: key.slice(LABEL_PREFIX.length) })),
  ];
  return fields.map((field) => ({ ...field, disabled }));
}

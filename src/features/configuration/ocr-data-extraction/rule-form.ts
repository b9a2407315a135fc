/**
 * One field rule as AutoForm descriptors, and the mapping between the contract's rule and the form's
 * flat value: labels one per line, the zone in percents of the page (the contract keeps fractions,
 * which nobody wants to type), the fields of the other kinds hidden. Switching the kind keeps what
 * was typed in the other kinds' fields, so switching back loses nothing.
 */
import i18next, { type TFunction } from 'i18next';
import { LABEL_DIRECTIONS, type FieldRuleInput } from '../../../contract/ocr-data-extraction';
import type { AutoField } from '../../../ui/auto-form';

export type RuleFormValue = {
  name: string;
  by: FieldRuleInput['by'];
  labels: string;
  direction: (typeof LABEL_DIRECTIONS)[number];
  value: string;
  pattern: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
  page: number | undefined;
};

const percent = (fraction: number) => Math.round(fraction * 10_000) / 100;
const fraction = (value: number) => Math.round(value * 100) / 10_000;

export function toRuleForm(rule: FieldRuleInput): RuleFormValue {
  const value: RuleFormValue = { name: rule.name, by: rule.by, labels: '', direction: 'rightOrBelow', value: '', pattern: '', left: 0, top: 0, right: 50, bottom: 10, page: undefined };
  if (rule.by === 'label') return { ...value, labels: rule.labels.join('\n'), direction: rule.direction ?? 'rightOrBelow', value: rule.value ?? '' };
  if (rule.by === 'pattern') return { ...value, pattern: rule.pattern };
  return { ...value, left: percent(rule.zone.x0), top: percent(rule.zone.y0), right: percent(rule.zone.x1), bottom: percent(rule.zone.y1), page: rule.page };
}

export function fromRuleForm(value: RuleFormValue): FieldRuleInput {
  const name = value.name;
  if (value.by === 'label') {
    const labels = value.labels.split('\n').map((label) => label.trim()).filter((label, _index, all) => label !== '' || all.length === 1);
    return { name, by: 'label', labels, ...(value.direction === 'rightOrBelow' ? {} : { direction: value.direction }), ...(value.value.trim() ? { value: value.value.trim() } : {}) };
  }
  if (value.by === 'pattern') return { name, by: 'pattern', pattern: value.pattern };
  return { name, by: 'zone', zone: { x0: fraction(value.left), y0: fraction(value.top), x1: fraction(value.right), y1: fraction(value.bottom) }, ...(value.page ? { page: value.page } : {}) };
}

/** The form field each rule field's problem is shown on (`zone` problems on its left edge). */
export const PROBLEM_FIELD: Record<string, keyof RuleFormValue> = { name: 'name', labels: 'labels', value: 'value', pattern: 'pattern', zone: 'left' };

export function ruleFields(t: TFunction<'ocrRules'>, value: RuleFormValue, disabled: boolean): AutoField<Extract<keyof RuleFormValue, string>>[] {
  const fields: AutoField<Extract<keyof RuleFormValue, string>>[] = [
    { name: 'name', kind: 'text', label: t('editor.name'), help: t('editor.nameHelp'), required: true },
    { name: 'by', kind: 'select', label: t('editor.by'), options: (['label', 'pattern', 'zone'] as const).map((by) => ({ value: by, label: t(`by.${by}`) })) },
    { name: 'labels', kind: 'textarea', label: t('editor.labels'), help: t('editor.labelsHelp'), hidden: value.by !== 'label' },
    { name: 'direction', kind: 'select', label: t('editor.direction'), options: LABEL_DIRECTIONS.map((direction) => ({ value: direction, label: t(`directions.${direction}`) })), hidden: value.by !== 'label' },
    { name: 'value', kind: 'text', label: t('editor.value'), help: t('editor.valueHelp'), hidden: value.by !== 'label' },
    { name: 'pattern', kind: 'text', label: t('editor.pattern'), help: t('editor.patternHelp'), hidden: value.by !== 'pattern' },
    { name: 'left', kind: 'number', label: t('editor.left'), min: 0, max: 100, hidden: value.by !== 'zone' },
    { name: 'right', kind: 'number', label: t('editor.right'), min: 0, max: 100, hidden: value.by !== 'zone' },
    { name: 'top', kind: 'number', label: t('editor.top'), min: 0, max: 100, hidden: value.by !== 'zone' },
    { name: 'bottom', kind: 'number', label: t('editor.bottom'), min: 0, max: 100, hidden: value.by !== 'zone' },
    { name: 'page', kind: 'number', label: t('editor.page'), help: t('editor.pageHelp'), min: 1, hidden: value.by !== 'zone' },
  ];
  return fields.map((field) => ({ ...field, disabled }));
}

/** One line saying what a rule reads, for the rules table. */
export function ruleSummary(t: TFunction<'ocrRules'>, rule: FieldRuleInput): string {
  if (rule.by === 'label') return t('detail.label', { labels: rule.labels.join(', '), direction: t(`directions.${rule.direction ?? 'rightOrBelow'}`) });
  if (rule.by === 'pattern') return t('detail.pattern', { pattern: rule.pattern });
  // In the user's language: "13,5" in French.
  const format = new Intl.NumberFormat(i18next.language || 'fr').format;
  const edge = (fraction: number) => format(percent(fraction));
  return t('detail.zone', { page: rule.page ?? 1, left: edge(rule.zone.x0), right: edge(rule.zone.x1), top: edge(rule.zone.y0), bottom: edge(rule.zone.y1) });
}

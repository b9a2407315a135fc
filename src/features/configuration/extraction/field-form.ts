/**
 * A field as the field editor's AutoForm holds it (one flat value, every source's settings side by
 * side), and back to the contract's field. The descriptors show only the settings of the chosen
 * source; switching source keeps what was typed for the others until the field is saved.
 */
import type { TFunction } from 'i18next';
import { EXTRACTION_BUILTINS, FIELD_SOURCE_TYPES, VALUE_FORMATS, type ExtractionBuiltin, type ExtractionField, type FieldSource, type FieldSourceType } from '../../../contract/extraction';
import type { AutoField } from '../../../ui/auto-form';

export interface FieldFormValue {
  [key: string]: unknown;
  name: string;
  label: string;
  format: ExtractionField['format'];
  sourceType: FieldSourceType;
  interaction: string;
  parameter: string;
  read: 'value' | 'text';
  incomplete: boolean;
  which: 'first' | 'all';
  builtin: string;
  pattern: string;
  group: string;
  ignoreCase: boolean;
  header: string;
  key: string;
  program: string;
  snippet: string;
}

export function toForm(field: ExtractionField): FieldFormValue {
  const source = field.source as Partial<Record<string, unknown>> & FieldSource;
  return {
    name: field.name,
    label: field.label,
    format: field.format,
    sourceType: source.type,
    interaction: String(source.interaction ?? ''),
    parameter: String(source.parameter ?? ''),
    read: (source.read as 'value' | 'text' | undefined) ?? 'value',
    incomplete: (source.incomplete as boolean | undefined) ?? false,
    which: (source.which as 'first' | 'all' | undefined) ?? 'first',
    builtin: String(source.builtin ?? 'date'),
    pattern: String(source.pattern ?? ''),
    group: String(source.group ?? '0'),
    ignoreCase: (source.ignoreCase as boolean | undefined) ?? true,
    header: String(source.header ?? ''),
    key: String(source.key ?? ''),
    program: String(source.program ?? ''),
    snippet: String(source.snippet ?? ''),
  };
}

function sourceOf(value: FieldFormValue): FieldSource {
  switch (value.sourceType) {
    case 'nluParameter':
      return { type: 'nluParameter', interaction: value.interaction, parameter: value.parameter, read: value.read, which: value.which, incomplete: value.incomplete };
    case 'builtin':
      return { type: 'builtin', builtin: value.builtin as ExtractionBuiltin, which: value.which };
    case 'regex':
      return { type: 'regex', pattern: value.pattern, group: /^\d+$/.test(value.group.trim()) ? Number(value.group) : value.group.trim(), ignoreCase: value.ignoreCase, which: value.which };
    case 'header':
      return { type: 'header', header: value.header };
    case 'metadata':
      return { type: 'metadata', key: value.key };
    case 'snippet':
      return { type: 'snippet', program: value.program };
    case 'namedSnippet':
      return { type: 'namedSnippet', snippet: value.snippet };
  }
}

export const fromForm = (id: string, value: FieldFormValue): ExtractionField => ({ id, name: value.name, label: value.label, format: value.format, source: sourceOf(value) });

/** The field editor's descriptors: the common settings, then those of the chosen source. */
export function fieldDescriptors(
  t: TFunction<'extraction'>,
  value: FieldFormValue,
  options: { interactions: readonly { name: string; parameters: readonly string[] }[]; snippets: readonly string[]; disabled: boolean },
): AutoField<Extract<keyof FieldFormValue, string>>[] {
  const is = (...types: FieldSourceType[]) => types.includes(value.sourceType);
  const pick = (placeholder: string, names: readonly string[]) => [{ value: '', label: placeholder }, ...names.map((name) => ({ value: name, label: name }))];
  const parameters = options.interactions.find((interaction) => interaction.name === value.interaction)?.parameters ?? [];
  const disabled = options.disabled;
  return [
    { name: 'name', kind: 'text', label: t('form.name'), help: t('form.nameHelp'), required: true, disabled },
    { name: 'label', kind: 'text', label: t('form.label'), disabled },
    { name: 'format', kind: 'select', label: t('form.format'), options: VALUE_FORMATS.map((format) => ({ value: format, label: t(`formats.${format}`) })), disabled },
    { name: 'sourceType', kind: 'select', label: t('form.sourceType'), options: FIELD_SOURCE_TYPES.map((type) => ({ value: type, label: t(`sourceTypes.${type}`) })), disabled },
    { name: 'interaction', kind: 'select', label: t('form.interaction'), options: pick(t('form.pickInteraction'), options.interactions.map((interaction) => interaction.name)), hidden: !is('nluParameter'), disabled },
    { name: 'parameter', kind: 'select', label: t('form.parameter'), options: pick(t('form.pickParameter'), parameters), hidden: !is('nluParameter'), disabled },
    { name: 'read', kind: 'select', label: t('form.read'), options: (['value', 'text'] as const).map((read) => ({ value: read, label: t(`read.${read}`) })), hidden: !is('nluParameter'), disabled },
    { name: 'incomplete', kind: 'switch', label: t('form.incomplete'), hidden: !is('nluParameter'), disabled },
    { name: 'builtin', kind: 'select', label: t('form.builtin'), options: EXTRACTION_BUILTINS.map((name) => ({ value: name, label: name })), hidden: !is('builtin'), disabled },
    { name: 'pattern', kind: 'text', label: t('form.pattern'), help: t('form.patternHelp'), hidden: !is('regex'), disabled },
    { name: 'group', kind: 'text', label: t('form.group'), help: t('form.groupHelp'), hidden: !is('regex'), disabled },
    { name: 'ignoreCase', kind: 'switch', label: t('form.ignoreCase'), hidden: !is('regex'), disabled },
    { name: 'which', kind: 'select', label: t('form.which'), options: (['first', 'all'] as const).map((which) => ({ value: which, label: t(`which.${which}`) })), hidden: !is('nluParameter', 'builtin', 'regex'), disabled },
    { name: 'header', kind: 'text', label: t('form.header'), hidden: !is('header'), disabled },
    { name: 'key', kind: 'text', label: t('form.key'), hidden: !is('metadata'), disabled },
    { name: 'program', kind: 'textarea', label: t('form.program'), help: t('form.programHelp'), hidden: !is('snippet'), disabled },
    { name: 'snippet', kind: 'select', label: t('form.snippet'), options: pick(t('form.pickSnippet'), options.snippets), hidden: !is('namedSnippet'), disabled },
  ];
}

/** Where a message's path (`fields.2.source.pattern`) points in the editor's form. */
export function formKeyOf(path: readonly string[]): keyof FieldFormValue | null {
  const last = path[path.length - 1];
  if (path[2] === 'name' || path[2] === 'label' || path[2] === 'format') return path[2];
  if (path[2] === 'source' && last !== undefined && last !== 'source') return last as keyof FieldFormValue;
  return null;
}

/**
 * The entity editor of a component as field descriptors: per type, the AutoForm fields of
 * its scalar parts, and how the form's flat value maps to the entity the contract validates. Lists
 * (languages, neutralizers, functions) are comma-separated; structured parts (an interaction's
 * parameters, an extraction module's configuration) are JSON; a snippet's program has its own Liquid
 * editor (component-page.tsx).
 */
import { NLU_LANGUAGES, MODULE_INPUT_TYPES } from '../../contract/environments';
import { componentContentSchema, type ComponentContent, type ComponentType } from '../../contract/toolbox';
import { INTERACTION_FUNCTION_KINDS } from '../../nlu/types';
import type { AutoField } from '../../ui/auto-form';
import { parseJsonText } from '../../parsing/json';
import { zodIssueText, type ZodIssueLike } from '../../i18n/zod-issue-text';

export type FormValue = Record<string, unknown>;
type T = (key: string, options?: Record<string, unknown>) => string;

const list = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
const json = (value: unknown) => JSON.stringify(value ?? null, null, 2);
const DICTIONARY = 'dictionary_';

/** Languages whose dictionary the archetype form shows: those with one, French at least. */
export const dictionaryLanguages = (form: FormValue) => NLU_LANGUAGES.filter((code) => typeof form[`${DICTIONARY}${code}`] === 'string' || code === 'fr');

/** `languageName` names a content language in the reader's language ("anglais (Royaume-Uni)", not "gb"). */
export function fieldsOf(type: ComponentType, form: FormValue, t: T, disabled: boolean, languageName: (code: string) => string): AutoField[] {
  const text = (name: string, label: string, kind: 'text' | 'textarea' = 'text'): AutoField => ({ name, kind, label, disabled });
  const fields: AutoField[] = [text('name', t('fields.name'))];
  if (type === 'archetype') {
    fields.push(text('notes', t('entity.archetypeNotes'), 'textarea'));
    for (const code of dictionaryLanguages(form)) fields.push({ ...text(`${DICTIONARY}${code}`, t('entity.dictionary', { language: languageName(code) }), 'textarea') });
  } else if (type === 'context') {
    fields.push({ name: 'languages', kind: 'checklist', label: t('entity.languages'), options: NLU_LANGUAGES.map((code) => ({ value: code, label: languageName(code) })), disabled });
    fields.push({ ...text('neutralizers', t('entity.neutralizers')), help: t('entity.commaList') });
  } else if (type === 'interaction') {
    fields.push(text('context', t('entity.context')), text('comment', t('entity.comment'), 'textarea'));
    fields.push({ name: 'enabled', kind: 'switch', label: t('entity.enabled'), disabled }, { name: 'ordered', kind: 'switch', label: t('entity.ordered'), disabled });
    fields.push({ name: 'distance', kind: 'number', label: t('entity.distance'), min: -1, max: 1000, disabled });
    fields.push({ ...text('parameters', t('entity.parameters'), 'textarea'), help: t('entity.json') });
    fields.push({ ...text('functions', t('entity.functions')), help: t('entity.commaList') });
  } else if (type === 'interaction_function') {
    fields.push({ name: 'enabled', kind: 'switch', label: t('entity.enabled'), disabled });
    fields.push({ name: 'kind', kind: 'select', label: t('entity.kind'), options: INTERACTION_FUNCTION_KINDS.map((kind) => ({ value: kind, label: kind })), disabled });
    for (const name of ['stringValue', 'parameterName', 'interactionToFind', 'parameterToFind', 'parameterBaseline']) fields.push(text(name, t(`entity.${name}`)));
  } else if (type === 'extraction_module') {
    fields.push({ name: 'inputType', kind: 'select', label: t('entity.inputType'), options: [{ value: '', label: t('entity.wholeAnalysis') }, ...MODULE_INPUT_TYPES.map((value) => ({ value, label: value }))], disabled });
    fields.push(text('context', t('entity.context')));
    fields.push({ ...text('config', t('entity.config'), 'textarea'), help: t('entity.json') });
  } else {
    fields.push(text('description', t('entity.description')));
  }
  return fields;
}

/** The form's flat value of an entity. */
export function formOf(content: ComponentContent): FormValue {
  const entity = content.entity as Record<string, unknown>;
  switch (content.type) {
    case 'archetype':
      return { name: entity.name, notes: entity.notes ?? '', ...Object.fromEntries(Object.entries(content.entity.dictionaries).map(([code, text]) => [`${DICTIONARY}${code}`, text])) };
    case 'context':
      return { name: entity.name, languages: content.entity.languages, neutralizers: content.entity.neutralizers.join(', ') };
    case 'interaction':
      return { ...entity, parameters: json(content.entity.parameters), functions: content.entity.functions.join(', ') };
    case 'interaction_function':
      return Object.fromEntries(Object.entries(entity).map(([key, value]) => [key, value ?? '']));
    case 'extraction_module':
      return { name: entity.name, inputType: content.entity.inputType ?? '', context: content.entity.context ?? '', config: json(content.entity.config) };
    case 'extraction_snippet':
      return { ...entity };
  }
}

/** A new component's form: the schema's defaults, with a name still to type. */
export function emptyForm(type: ComponentType): FormValue {
  const defaults: Record<ComponentType, unknown> = {
    archetype: { name: 'x', dictionaries: { fr: '' } },
    context: { name: 'x', languages: ['fr'] },
    interaction: { name: 'x', context: 'x', parameters: [] },
    interaction_function: { name: 'x', kind: INTERACTION_FUNCTION_KINDS[0] },
    extraction_module: { name: 'x', config: {} },
    extraction_snippet: { name: 'x', program: '' },
  };
  const form = formOf(componentContentSchema.parse({ type, entity: defaults[type] }));
  return { ...form, name: '', ...(type === 'interaction' ? { context: '' } : {}) };
}

/** The entity of a form, validated by the contract: the content, or the message of each field in error. */
export function contentOf(
  type: ComponentType,
  form: FormValue,
  /** The text of a JSON syntax error (the screen translates its code). */
  jsonError: (error: { code: string; line: number; column: number }) => string = (error) => `${error.code} (${error.line}:${error.column})`,
  /** What is wrong with a field, from the schema's issue (in the reader's language). */
  issueText: (issue: ZodIssueLike) => string = zodIssueText,
): { content: ComponentContent | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const parseJson = (name: string) => {
    const parsed = parseJsonText(String(form[name] ?? 'null'));
    if (parsed.ok) return parsed.value;
    errors[name] = jsonError(parsed);
    return undefined;
  };
  const nullable = (name: string) => (String(form[name] ?? '').trim() === '' ? null : String(form[name]).trim());
  let entity: unknown;
  if (type === 'archetype') {
    const dictionaries = Object.fromEntries(Object.entries(form).filter(([key, value]) => key.startsWith(DICTIONARY) && typeof value === 'string').map(([key, value]) => [key.slice(DICTIONARY.length), value]));
    entity = { name: form.name, notes: form.notes, dictionaries };
  } else if (type === 'context') entity = { name: form.name, languages: form.languages, neutralizers: list(form.neutralizers) };
  else if (type === 'interaction') entity = { ...form, parameters: parseJson('parameters'), functions: list(form.functions) };
  else if (type === 'interaction_function') {
    entity = { name: form.name, enabled: form.enabled, kind: form.kind, ...Object.fromEntries(['stringValue', 'parameterName', 'interactionToFind', 'parameterToFind', 'parameterBaseline'].map((key) => [key, nullable(key)])) };
  } else if (type === 'extraction_module') entity = { name: form.name, inputType: nullable('inputType'), context: nullable('context'), config: parseJson('config') };
  else entity = { name: form.name, description: form.description, program: form.program };
  if (Object.keys(errors).length > 0) return { content: null, errors };
  const parsed = componentContentSchema.safeParse({ type, entity });
  if (parsed.success) return { content: parsed.data, errors };
  for (const issue of parsed.error.issues) {
    const [, top, key] = issue.path.map(String);
    const field = top === 'dictionaries' ? `${DICTIONARY}${key}` : (top ?? 'name');
    errors[field] ??= issueText(issue);
  }
  return { content: null, errors };
}

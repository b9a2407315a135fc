/**
 * A configuration change tried on a test run's messages before it is saved (what-if.ts): words added
 * to an archetype's dictionary, a categorization rule relaxed, or a module's whole configuration or an
 * archetype's dictionaries as a configuration screen holds them unsaved. Applied here to copies: the run's settings and the NLU
 * source stay as they are. Pure.
 */
import type { EnvironmentSettings } from '../contract/environments';
import { categorizationConfigSchema, type CategorizationConfig, type Criterion, type Rule } from '../contract/modules/categorization';
import { extractionConfigSchema, type ExtractionConfig, type FieldSource } from '../contract/modules/extraction';
import type { NluLanguage, NluSource } from '../nlu/types';

/** Loosening one criterion of a rule: what kept a message out of its category. */
export type Relaxation =
  /** The rule's criteria are all required (`and`): this one no longer is. */
  | { kind: 'dropCriterion'; criterion: number }
  /** An interaction criterion that asked for a complete interaction accepts an incomplete one. */
  | { kind: 'allowIncomplete'; criterion: number }
  /** An interaction criterion no longer checks this parameter's value. */
  | { kind: 'dropParameter'; criterion: number; parameter: number };

/** Loosening how an extraction field reads its source: what kept the bank's expected value out. */
export type FieldRelaxation =
  /** An NLU parameter field also reads interactions the NLU found incomplete. */
  | 'allowIncomplete'
  /** An NLU parameter field reads the words as written instead of the entry's value, or the reverse. */
  | 'readOther'
  /** A regular expression field ignores case. */
  | 'ignoreCase';

export type WhatIfChange =
  | { type: 'dictionary'; archetype: string; language: NluLanguage; words: string[] }
  | { type: 'rule'; moduleId: string; categoryId: string; ruleId: string; relaxation: Relaxation }
  | { type: 'moduleConfig'; moduleId: string; config: unknown }
  /** An archetype's dictionaries as its editor holds them, unsaved (`name`: the archetype as saved). */
  | { type: 'archetype'; name: string; dictionaries: Partial<Record<NluLanguage, string>> }
  | { type: 'field'; moduleId: string; fieldId: string; relaxation: FieldRelaxation };

type Settings = Pick<EnvironmentSettings, 'modules' | 'content' | 'languages'>;

/** The dictionary text with the words added as lines of their own (a word already there is not added again). */
export function withWords(dictionary: string | undefined, words: readonly string[]): string {
  const text = dictionary ?? '';
  const present = new Set(text.split('\n').flatMap((line) => line.split(';').map((entry) => entry.trim().toLowerCase())));
  const added = words.filter((word) => !present.has(word.trim().toLowerCase()));
  if (added.length === 0) return text;
  return `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${added.join('\n')}\n`;
}

/** An archetype's update body (the NLU screens' `nlu.archetypes.update`) with the words added. */
export function archetypeWithChange(
  archetype: { name: string; dictionaries: Partial<Record<NluLanguage, string>>; notes: string },
  change: Extract<WhatIfChange, { type: 'dictionary' }>,
): { name: string; dictionaries: Partial<Record<NluLanguage, string>>; notes: string } {
  return { name: archetype.name, notes: archetype.notes, dictionaries: { ...archetype.dictionaries, [change.language]: withWords(archetype.dictionaries[change.language], change.words) } };
}

/** The rule with the relaxation made; the same rule when the relaxation does not fit it. */
export function relaxedRule(rule: Rule, relaxation: Relaxation): Rule {
  const criteria = [...rule.criteria];
  const criterion = criteria[relaxation.criterion];
  if (criterion === undefined) return rule;
  if (relaxation.kind === 'dropCriterion') criteria.splice(relaxation.criterion, 1);
  else if (criterion.type !== 'interaction') return rule;
  else if (relaxation.kind === 'allowIncomplete') criteria[relaxation.criterion] = { ...criterion, complete: false };
  else criteria[relaxation.criterion] = { ...criterion, parameters: criterion.parameters.filter((_, index) => index !== relaxation.parameter) };
  return { ...rule, criteria };
}

/** A categorization module's configuration with one rule relaxed (null: no such module, category or rule). */
export function relaxedConfig(raw: unknown, change: Extract<WhatIfChange, { type: 'rule' }>): CategorizationConfig | null {
  const parsed = categorizationConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) return null;
  const category = parsed.data.categories.find((entry) => entry.id === change.categoryId);
  if (category?.rules.some((rule) => rule.id === change.ruleId) !== true) return null;
  return {
    ...parsed.data,
    categories: parsed.data.categories.map((entry) =>
      entry.id !== change.categoryId ? entry : { ...entry, rules: entry.rules.map((rule) => (rule.id === change.ruleId ? relaxedRule(rule, change.relaxation) : rule)) },
    ),
  };
}

/** The field's source loosened; null when the relaxation does not fit it (another source type, already so). */
export function relaxedSource(source: FieldSource, relaxation: FieldRelaxation): FieldSource | null {
  if (source.type === 'nluParameter' && relaxation === 'allowIncomplete') return source.incomplete ? null : { ...source, incomplete: true };
  if (source.type === 'nluParameter' && relaxation === 'readOther') return { ...source, read: source.read === 'value' ? 'text' : 'value' };
  if (source.type === 'regex' && relaxation === 'ignoreCase') return source.ignoreCase ? null : { ...source, ignoreCase: true };
  return null;
}

/** An extraction module's configuration with one field loosened (null: no such field, or the relaxation does not fit it). */
export function relaxedFieldConfig(raw: unknown, change: Extract<WhatIfChange, { type: 'field' }>): ExtractionConfig | null {
  const parsed = extractionConfigSchema.safeParse(raw ?? {});
  if (!parsed.success) return null;
  const field = parsed.data.fields.find((entry) => entry.id === change.fieldId);
  const source = field && relaxedSource(field.source, change.relaxation);
  if (!source) return null;
  return { ...parsed.data, fields: parsed.data.fields.map((entry) => (entry.id === change.fieldId ? { ...entry, source } : entry)) };
}

/** The settings and NLU source with the change made (copies; what the change does not touch is shared). */
export function applyChange<S extends Settings>(settings: S, source: NluSource, change: WhatIfChange): { settings: S; source: NluSource } {
  if (change.type === 'dictionary') {
    return {
      settings,
      source: {
        ...source,
        archetypes: source.archetypes.map((archetype) =>
          archetype.name !== change.archetype ? archetype : { ...archetype, dictionaries: { ...archetype.dictionaries, [change.language]: withWords(archetype.dictionaries[change.language], change.words) } },
        ),
      },
    };
  }
  if (change.type === 'archetype') {
    return {
      settings,
      source: { ...source, archetypes: source.archetypes.map((archetype) => (archetype.name !== change.name ? archetype : { ...archetype, dictionaries: change.dictionaries })) },
    };
  }
  const current = settings.modules.find((module) => module.id === change.moduleId)?.config;
  const config = change.type === 'rule' ? relaxedConfig(current, change) : change.type === 'field' ? relaxedFieldConfig(current, change) : change.config;
  if (config === null) return { settings, source };
  return { settings: { ...settings, modules: settings.modules.map((module) => (module.id === change.moduleId ? { ...module, config } : module)) }, source };
}

/** Words a reader recognises for the criterion a relaxation loosens (its type and what it names). */
export function criterionSubject(criterion: Criterion): string {
  switch (criterion.type) {
    case 'interaction':
      return criterion.interaction;
    case 'category':
      return criterion.category;
    case 'extractedData':
      return criterion.field;
    case 'consolidationSource':
      return criterion.fileName ?? criterion.source;
    case 'header':
      return criterion.header;
    case 'metadata':
    case 'visionEngine':
      return criterion.key;
  }
}

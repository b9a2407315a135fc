/**
 * What a use-case template configures beyond its export file's settings: the NLU
 * entities (as toolbox component contents, written by the same code as a kit sync), an NLU server
 * analysing its context, the real configuration of its categorization and extraction modules, and
 * the names people read (module names, categories, field labels, interaction comments).
 *
 * Those names are written in French and English and taken in the creator's language when the
 * environment is created: the environment is then the tenant's data, in that language. Identifiers
 * (module ids, category ids, field names, archetype and interaction names) are the same in both.
 * Helpers keep the three templates short.
 */
import type { CategorizationConfigInput } from '../../src/contract/modules/categorization';
import type { ExtractionConfigInput, ExtractionFieldInput } from '../../src/contract/modules/extraction';
import type { ComponentContent } from '../../src/contract/toolbox-entities';
import type { Language } from '../i18n/error-messages';

export interface UseCaseContent {
  nlu: ComponentContent[];
  server: { name: string; contexts: string[] };
  /** Module id (of the template's export file) → its name; every module of the file has one. */
  moduleNames: Record<string, string>;
  /** The use case's categories and what each means (the environment settings' `categories`). */
  categories: { name: string; description: string }[];
  /** Module id → its `config`. */
  moduleConfigs: Record<string, CategorizationConfigInput | ExtractionConfigInput>;
}

/** Picks the French or the English wording of a name. */
export type Say = (fr: string, en: string) => string;

export const sayIn =
  (language: Language): Say =>
  (fr, en) =>
    language === 'en' ? en : fr;

/** A use case's content in one language. */
export type UseCaseWording = (say: Say) => UseCaseContent;

type Dictionaries = Partial<Record<'fr' | 'gb' | 'de' | 'es' | 'it', string>>;

export const context = (name: string, languages: ('fr' | 'gb' | 'de' | 'es' | 'it')[]): ComponentContent => ({ type: 'context', entity: { name, languages, neutralizers: [] } });

export const archetype = (name: string, dictionaries: Dictionaries, notes = ''): ComponentContent => ({ type: 'archetype', entity: { name, dictionaries, notes } });

/** An interaction whose parameters are archetypes; `?` after a name makes it optional. */
export function interaction(contextName: string, name: string, comment: string, parameters: string[]): ComponentContent {
  return {
    type: 'interaction',
    entity: {
      context: contextName,
      name,
      comment,
      enabled: true,
      ordered: false,
      distance: 10,
      functions: [],
      parameters: parameters.map((spec, position) => {
        const optional = spec.endsWith('?');
        const archetypeName = optional ? spec.slice(0, -1) : spec;
        return { name: archetypeName, position, archetype: archetypeName, optional, multiple: false, resetConversation: false };
      }),
    },
  };
}

/**
 * One category per interaction (priority in list order), for the body or the attachments. `key`
 * makes the category's id, the same in every language; `name` is the worded name.
 */
export function categorization(contextName: string, target: 'body' | 'attachment', defaultCategory: string, categories: [key: string, name: string, interaction: string][]): CategorizationConfigInput {
  return {
    defaultCategory,
    categories: categories.map(([key, name, interactionName], index) => ({
      id: `${target}-${key}`,
      name,
      target,
      rules: [{ id: `${target}-${interactionName}`, name: interactionName, priority: (index + 1) * 10, criteria: [{ type: 'interaction', interaction: interactionName, context: contextName, parameters: [] }] }],
    })),
  };
}

type Source = ExtractionFieldInput['source'];
export const regex = (pattern: string, options: { group?: number; ignoreCase?: boolean; which?: 'first' | 'all' } = {}): Source => ({ type: 'regex', pattern, group: options.group ?? 1, ignoreCase: options.ignoreCase ?? true, which: options.which ?? 'first' });
export const builtin = (name: 'date' | 'amount' | 'phone' | 'email' | 'iban' | 'number', which: 'first' | 'all' = 'first'): Source => ({ type: 'builtin', builtin: name, which });

export function field(name: string, label: string, source: Source, format: 'string' | 'array' | 'number' = 'string'): ExtractionFieldInput {
  return { id: name, name, label, format, source };
}

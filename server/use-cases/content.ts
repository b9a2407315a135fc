/**
 * What a use-case template configures beyond its export file's settings (issue 20): the NLU
 * entities (as toolbox component contents, written by the same code as a kit sync), an NLU server
 * analysing its context, and the real configuration of its categorization and extraction modules
 * (by module name). Helpers keep the three templates short.
 */
import type { CategorizationConfigInput } from '../../src/contract/modules/categorization';
import type { ExtractionConfigInput, ExtractionFieldInput } from '../../src/contract/modules/extraction';
import type { ComponentContent } from '../../src/contract/toolbox-entities';

export interface UseCaseContent {
  nlu: ComponentContent[];
  server: { name: string; contexts: string[] };
  /** Module name → its `config`. */
  moduleConfigs: Record<string, CategorizationConfigInput | ExtractionConfigInput>;
}

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

/** One category per interaction (priority in list order), for the body or the attachments. */
export function categorization(contextName: string, target: 'body' | 'attachment', defaultCategory: string, categories: [name: string, interaction: string][]): CategorizationConfigInput {
  return {
    defaultCategory,
    categories: categories.map(([name, interactionName], index) => ({
      id: `${target}-${name}`,
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

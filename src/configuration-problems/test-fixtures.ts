/** A small, problem-free configuration the tests break one piece at a time. */
import type { ConfigurationSnapshot } from '../contract/configuration-graph';
import type { EnvironmentModule } from '../contract/environments';
import type { CategorizationConfigInput } from '../contract/modules/categorization';
import type { ExtractionConfigInput } from '../contract/modules/extraction';

export function module(id: string, type: EnvironmentModule['type'], config: Record<string, unknown> = {}, extra: Partial<EnvironmentModule> = {}): EnvironmentModule {
  return { id, type, name: id, inputType: null, context: null, active: true, requiredTaints: [], config, ...extra };
}

export const categorizationConfig = (config: CategorizationConfigInput): Record<string, unknown> => ({ ...config });
export const extractionConfig = (config: ExtractionConfigInput): Record<string, unknown> => ({ ...config });

export function healthySnapshot(): ConfigurationSnapshot {
  return {
    modules: [
      module('extractor', 'extractor'),
      module('nlu', 'nlu', {}, { context: 'Sinistres' }),
      module(
        'categorization',
        'categorization',
        categorizationConfig({
          categories: [
            {
              id: 'c1',
              name: 'Résiliation',
              rules: [
                {
                  id: 'r1',
                  name: 'resiliation',
                  criteria: [{ type: 'interaction', interaction: 'resiliation', context: 'Sinistres', parameters: [{ parameter: 'contrat', condition: { operator: 'exists' } }] }],
                },
              ],
            },
            { id: 'c2', name: 'Suivi', rules: [{ id: 'r2', name: 'suivi', criteria: [{ type: 'category', category: 'résiliation' }] }] },
          ],
        }),
      ),
      module(
        'extraction',
        'extraction',
        extractionConfig({
          fields: [
            { id: 'f1', name: 'contractNumber', source: { type: 'nluParameter', interaction: 'resiliation', parameter: 'contrat' } },
            { id: 'f2', name: 'greeting', source: { type: 'namedSnippet', snippet: 'hello' } },
            { id: 'f3', name: 'date', source: { type: 'builtin', builtin: 'date' } },
          ],
          snippets: [{ name: 'hello', program: 'bonjour' }],
        }),
      ),
      module('output', 'output'),
    ],
    archetypes: [
      { id: 'a1', name: 'contrat', references: ['numero'] },
      { id: 'a2', name: 'numero', references: ['@number'] },
      { id: 'a3', name: 'motif', references: [] },
      { id: 'a4', name: 'politesse', references: [] },
    ],
    contexts: [{ id: 'x1', name: 'Sinistres', neutralizers: ['politesse'] }],
    interactions: [
      {
        id: 'i1',
        name: 'resiliation',
        context: 'Sinistres',
        enabled: true,
        parameters: [
          { name: 'contrat', archetype: 'contrat' },
          { name: 'motif', archetype: 'motif' },
          { name: 'date', archetype: '@date' },
        ],
        functions: ['apresSalutation'],
      },
    ],
    functions: [{ id: 'fn1', name: 'apresSalutation', interactionToFind: 'resiliation' }],
    servers: [{ id: 's1', name: 'prod', contexts: ['Sinistres'] }],
    replyTemplates: [],
  };
}

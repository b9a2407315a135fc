/**
 * A generated configuration of about `size` graph nodes, shaped like a large real one (a few servers
 * and contexts, many interactions and archetypes, categories testing interactions, extraction fields
 * reading them): the bench's and the layout tests' input. Deterministic.
 */
import type { ConfigurationSnapshot } from '../../../contract/configuration-graph';
import type { EnvironmentModule } from '../../../contract/environments';

export function syntheticSnapshot(size: number): ConfigurationSnapshot {
  const contexts = Math.max(1, Math.round(size / 100));
  const interactions = Math.round(size * 0.35);
  const archetypes = Math.round(size * 0.35);
  const categories = Math.round(size * 0.15);
  const fields = Math.max(1, size - contexts * 2 - interactions - archetypes - categories - 5 - Math.ceil(size / 1000));
  const name = (prefix: string, index: number) => `${prefix}${String(index).padStart(4, '0')}`;
  const module = (id: string, type: EnvironmentModule['type'], config: Record<string, unknown> = {}): EnvironmentModule => ({
    id, type, name: id, inputType: null, context: null, active: true, requiredTaints: [], config,
  });
  return {
    modules: [
      module('extractor', 'extractor'),
      module('nlu', 'nlu'),
      // At most 200 fields per extraction module (the contract's limit).
      ...Array.from({ length: Math.ceil(fields / 200) }, (_, m) =>
        module(`extraction${m}`, 'extraction', {
          fields: Array.from({ length: Math.min(200, fields - m * 200) }, (_, j) => {
            const i = m * 200 + j;
            return { id: `f${i}`, name: name('field', i), source: { type: 'nluParameter', interaction: name('interaction', (i * 7) % interactions), parameter: 'p0' } };
          }),
        }),
      ),
      module('categorization', 'categorization', {
        categories: Array.from({ length: categories }, (_, i) => ({
          id: `c${i}`,
          name: name('category', i),
          rules: [{ id: `r${i}`, name: name('interaction', (i * 3) % interactions), criteria: [{ type: 'interaction', interaction: name('interaction', (i * 3) % interactions) }] }],
        })),
      }),
      module('output', 'output'),
    ],
    archetypes: Array.from({ length: archetypes }, (_, i) => ({
      id: `a${i}`,
      name: name('archetype', i),
      // One in four refers to a later archetype: chains of sub-archetypes a few layers deep.
      references: i % 4 === 0 && i + 1 < archetypes ? [name('archetype', i + 1)] : [],
    })),
    contexts: Array.from({ length: contexts }, (_, i) => ({ id: `x${i}`, name: name('context', i), neutralizers: [] })),
    interactions: Array.from({ length: interactions }, (_, i) => ({
      id: `i${i}`,
      name: name('interaction', i),
      context: name('context', i % contexts),
      enabled: true,
      parameters: [0, 1].map((p) => ({ name: `p${p}`, archetype: name('archetype', (i * 2 + p) % archetypes) })),
      functions: [],
    })),
    functions: [],
    // One server per context; the last context has none (a problem to mark).
    servers: Array.from({ length: Math.max(1, contexts - 1) }, (_, i) => ({ id: `s${i}`, name: name('server', i), contexts: [name('context', i)] })),
    replyTemplates: [],
  };
}

/** One test per problem check, each breaking one piece of a configuration that has none. */
import { describe, expect, it } from 'vitest';
import { BUILTIN_NAMES } from '../nlu/builtins';
import { resources } from '../i18n/resources';
import { CONFIGURATION_PROBLEM_CODES, configurationProblems, entityKey, type ConfigurationProblem } from './index';
import { categorizationConfig, extractionConfig, healthySnapshot, module } from './test-fixtures';

const summary = (problems: ConfigurationProblem[]) => problems.map((problem) => ({ code: problem.code, key: entityKey(problem.entity), params: problem.params }));

describe('configurationProblems', () => {
  it('finds nothing in a configuration whose every reference exists', () => {
    expect(configurationProblems(healthySnapshot())).toEqual([]);
  });

  it('reports a context no server analyses (§8 no server linked)', () => {
    const snapshot = healthySnapshot();
    snapshot.servers = [{ id: 's1', name: 'prod', contexts: [] }];
    expect(summary(configurationProblems(snapshot))).toEqual([{ code: 'contextWithoutServer', key: 'context:x1', params: { context: 'Sinistres' } }]);
  });

  it('reports an archetype nothing uses, and not one used only as a sub-archetype or a neutralizer', () => {
    const snapshot = healthySnapshot();
    snapshot.archetypes.push({ id: 'a9', name: 'orphelin', references: ['orphelin'] });
    expect(summary(configurationProblems(snapshot))).toEqual([{ code: 'unusedArchetype', key: 'archetype:a9', params: { archetype: 'orphelin' } }]);
  });

  it('reports a sub-archetype reference to a missing archetype (§8), builtins excepted', () => {
    const snapshot = healthySnapshot();
    snapshot.archetypes[0]!.references = ['@date', 'numero', 'numéro'];
    const problems = configurationProblems(snapshot);
    expect(summary(problems)).toEqual([{ code: 'unknownSubArchetype', key: 'archetype:a1', params: { archetype: 'contrat', reference: 'numéro' } }]);
    expect(problems[0]!.severity).toBe('error');
  });

  it('reports a parameter whose archetype is missing', () => {
    const snapshot = healthySnapshot();
    snapshot.interactions[0]!.parameters[1]!.archetype = 'raison';
    expect(summary(configurationProblems(snapshot))).toEqual([
      { code: 'parameterUnknownArchetype', key: 'interaction:i1', params: { interaction: 'resiliation', parameter: 'motif', archetype: 'raison' } },
      // `motif` lost its only user.
      { code: 'unusedArchetype', key: 'archetype:a3', params: { archetype: 'motif' } },
    ]);
  });

  it('reports an interaction naming a missing function, and a function looking for a missing interaction', () => {
    const snapshot = healthySnapshot();
    snapshot.interactions[0]!.functions = ['avantSignature'];
    snapshot.functions[0]!.interactionToFind = 'relance';
    expect(summary(configurationProblems(snapshot))).toEqual([
      { code: 'interactionUnknownFunction', key: 'interaction:i1', params: { interaction: 'resiliation', function: 'avantSignature' } },
      { code: 'functionUnknownInteraction', key: 'function:fn1', params: { function: 'apresSalutation', interaction: 'relance' } },
    ]);
  });

  it('reports a server naming a missing context and a neutralizer naming a missing archetype', () => {
    const snapshot = healthySnapshot();
    snapshot.servers[0]!.contexts = ['Sinistres', 'Devis'];
    snapshot.contexts[0]!.neutralizers = ['politesse', 'signature'];
    expect(summary(configurationProblems(snapshot))).toEqual([
      { code: 'neutralizerUnknownArchetype', key: 'context:x1', params: { context: 'Sinistres', archetype: 'signature' } },
      { code: 'serverUnknownContext', key: 'server:s1', params: { server: 'prod', context: 'Devis' } },
    ]);
  });

  it('reports a module limited to a missing context', () => {
    const snapshot = healthySnapshot();
    snapshot.modules[1] = module('nlu', 'nlu', {}, { context: 'Devis' });
    expect(summary(configurationProblems(snapshot))).toEqual([{ code: 'moduleUnknownContext', key: 'module:nlu', params: { module: 'nlu', context: 'Devis' } }]);
  });

  it('reports a module placed after one that reads its results, and not one a reader does not read', () => {
    const snapshot = healthySnapshot();
    const [extractor, nlu, categorization, extraction, output] = snapshot.modules;
    const reply = module('reply', 'replyTemplate');
    // Extraction after the reply template: its fields never reach the draft.
    snapshot.modules = [extractor!, nlu!, categorization!, reply, extraction!, output!];
    expect(summary(configurationProblems(snapshot))).toEqual([{ code: 'moduleAfterItsReader', key: 'module:extraction', params: { module: 'extraction', reader: 'reply' } }]);
    // Extraction after a categorization that reads no extracted data: nothing to say (the healthy order).
    snapshot.modules = [extractor!, nlu!, categorization!, extraction!, reply, output!];
    expect(configurationProblems(snapshot)).toEqual([]);
    // …but after one whose rule tests an extracted field, a consolidation above a categorization, an inactive reader: said, said, not said.
    const reads = module('reads', 'categorization', categorizationConfig({ categories: [{ id: 'c9', name: 'Montant', rules: [{ id: 'r9', name: 'montant', criteria: [{ type: 'extractedData', field: 'contractNumber', condition: { operator: 'exists' } }] }] }] }));
    const consolidation = module('conso', 'consolidation');
    snapshot.modules = [extractor!, nlu!, reads, consolidation, extraction!, categorization!, { ...reply, active: false }, output!];
    expect(summary(configurationProblems(snapshot)).filter((problem) => problem.code === 'moduleAfterItsReader')).toEqual([
      { code: 'moduleAfterItsReader', key: 'module:extraction', params: { module: 'extraction', reader: 'reads' } },
      { code: 'moduleAfterItsReader', key: 'module:categorization', params: { module: 'categorization', reader: 'conso' } },
    ]);
  });

  it('reports a rule naming a missing interaction, or one of another context', () => {
    const snapshot = healthySnapshot();
    snapshot.modules[2] = module(
      'categorization',
      'categorization',
      categorizationConfig({
        categories: [
          {
            id: 'c1',
            name: 'Résiliation',
            rules: [
              { id: 'r1', name: 'resiliation', criteria: [{ type: 'interaction', interaction: 'resilation' }] },
              { id: 'r3', name: 'autre', criteria: [{ type: 'interaction', interaction: 'resiliation', context: 'Devis' }] },
            ],
          },
        ],
      }),
    );
    const problems = configurationProblems(snapshot);
    expect(summary(problems)).toEqual([
      { code: 'ruleUnknownInteraction', key: 'rule:categorization:c1:r1', params: { module: 'categorization', category: 'Résiliation', rule: 'resiliation', interaction: 'resilation' } },
      { code: 'ruleUnknownInteraction', key: 'rule:categorization:c1:r3', params: { module: 'categorization', category: 'Résiliation', rule: 'autre', interaction: 'resiliation' } },
    ]);
    expect(problems.every((problem) => problem.severity === 'warning')).toBe(true);
  });

  it('reports a rule testing a parameter the interaction does not declare, a category nobody gives, and a rule without criteria', () => {
    const snapshot = healthySnapshot();
    snapshot.modules[2] = module(
      'categorization',
      'categorization',
      categorizationConfig({
        categories: [
          {
            id: 'c1',
            name: 'Résiliation',
            rules: [
              { id: 'r1', name: 'resiliation', criteria: [{ type: 'interaction', interaction: 'resiliation', parameters: [{ parameter: 'montant', condition: { operator: 'exists' } }] }] },
              { id: 'r2', name: 'vide', criteria: [] },
              { id: 'r3', name: 'suite', criteria: [{ type: 'category', category: 'Relance' }] },
            ],
          },
        ],
      }),
    );
    expect(summary(configurationProblems(snapshot)).map((problem) => [problem.code, problem.key])).toEqual([
      ['ruleUnknownParameter', 'rule:categorization:c1:r1'],
      ['ruleWithoutCriteria', 'rule:categorization:c1:r2'],
      ['ruleUnknownCategory', 'rule:categorization:c1:r3'],
    ]);
  });

  it('reports extraction fields whose source is missing: interaction, parameter, snippet', () => {
    const snapshot = healthySnapshot();
    snapshot.modules[3] = module(
      'extraction',
      'extraction',
      extractionConfig({
        fields: [
          { id: 'f1', name: 'contractNumber', source: { type: 'nluParameter', interaction: 'relance', parameter: 'contrat' } },
          { id: 'f2', name: 'reason', source: { type: 'nluParameter', interaction: 'resiliation', parameter: 'raison' } },
          { id: 'f3', name: 'greeting', source: { type: 'namedSnippet', snippet: 'hello' } },
        ],
      }),
    );
    const problems = configurationProblems(snapshot);
    expect(summary(problems)).toEqual([
      // Errors come first.
      { code: 'extractionUnknownSnippet', key: 'extractionField:extraction:f3', params: { module: 'extraction', field: 'greeting', snippet: 'hello' } },
      { code: 'extractionUnknownInteraction', key: 'extractionField:extraction:f1', params: { module: 'extraction', field: 'contractNumber', interaction: 'relance' } },
      { code: 'extractionUnknownParameter', key: 'extractionField:extraction:f2', params: { module: 'extraction', field: 'reason', interaction: 'resiliation', parameter: 'raison' } },
    ]);
  });

  it('skips module configurations that do not parse instead of throwing', () => {
    const snapshot = healthySnapshot();
    snapshot.modules[2] = module('categorization', 'categorization', { categories: 'broken' });
    expect(() => configurationProblems(snapshot)).not.toThrow();
  });

  it('treats every builtin archetype as existing (they all start with @)', () => {
    expect([...BUILTIN_NAMES].filter((name) => !name.startsWith('@'))).toEqual([]);
  });

  it.each(['fr', 'en'] as const)('has a %s text for every code, with every parameter it reports', (language) => {
    const texts = resources[language].configurationProblems.problems as Record<string, string>;
    expect(CONFIGURATION_PROBLEM_CODES.filter((code) => !texts[code])).toEqual([]);
    expect(texts.contextWithoutServer).toContain('{{context}}');
    expect(texts.ruleUnknownInteraction).toContain('{{interaction}}');
  });
});

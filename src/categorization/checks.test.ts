/** §5 and §8 configuration messages. */
import { describe, expect, it } from 'vitest';
import { categorizationConfigSchema } from '../contract/modules/categorization';
import { environmentModuleSchema, type EnvironmentModule } from '../contract/environments';
import { categorizationConfigMessages, compatibilityMessages, majorVersion, pipelineMessages } from './checks';
import { category, interaction, rule } from './test-fixtures';

const codes = (messages: { code: string; severity: string }[]) => messages.map((m) => `${m.severity}:${m.code}`);
const module = (value: object): EnvironmentModule => environmentModuleSchema.parse({ id: 'm', name: 'M', ...value });

describe('categorizationConfigMessages', () => {
  const interactions = new Set(['declarerSinistre']);

  it('refuses duplicate and empty category names, a blank default category and advanced syntax errors', () => {
    const config = categorizationConfigSchema.parse({
      defaultCategory: '   ',
      categories: [category('Sinistre', []), category('sinistre', []), { id: 'x', name: '  ', rules: [] }],
      advanced: { enabled: false, program: 'ok\n{% if %}' },
    });
    const messages = categorizationConfigMessages('m', config, interactions);
    expect(codes(messages)).toEqual(['error:classificationNameTaken', 'error:categoryNameEmpty', 'error:defaultCategoryEmpty', 'error:advancedSyntaxError']);
    expect(messages[0]).toMatchObject({ path: ['categories', '1', 'name'], params: { name: 'sinistre' } });
    expect(messages[3]).toMatchObject({ params: { line: 2 }, message: expect.stringContaining('Syntax error in your configuration, line 2') });
  });

  it('warns on rule names and interactions that are not the project’s', () => {
    const config = categorizationConfigSchema.parse({
      categories: [category('Sinistre', [rule('declarerSinistre', [interaction('declarerSinistre')]), rule('maRegle', [interaction('inconnue')])])],
    });
    expect(codes(categorizationConfigMessages('m', config, interactions))).toEqual(['warning:ruleNameNotInProject', 'warning:unknownInteraction']);
  });
});

describe('compatibility (§5)', () => {
  it('needs a server, AI version 5 or higher, and response format V5', () => {
    expect(codes(compatibilityMessages('m', []))).toEqual(['error:categorizationNeedsServer']);
    expect(compatibilityMessages('m', [{ name: 'a', aiVersion: '4.12', responseFormat: 'V5' }])).toMatchObject([
      { code: 'categorizationNeedsAiVersion', params: { server: 'a', version: '4.12', minimum: 5 } },
    ]);
    expect(codes(compatibilityMessages('m', [{ name: 'a', aiVersion: 'v5.1_prod', responseFormat: 'V4' }]))).toEqual(['error:categorizationNeedsV5']);
    // Only one server needs to be compatible.
    expect(compatibilityMessages('m', [{ name: 'old', aiVersion: '4.9', responseFormat: 'V4' }, { name: 'new', aiVersion: '5', responseFormat: 'V5' }])).toEqual([]);
    expect(majorVersion('v4.9_prod')).toBe(4);
  });
});

describe('pipelineMessages (§8)', () => {
  const servers = [{ name: 's', aiVersion: '5.0', responseFormat: 'V5' as const }];

  it('says when a module waits for a taint no earlier module produces', () => {
    const tainting = module({
      id: 'cat',
      type: 'categorization',
      config: { categories: [category('Sinistre', [rule('r', [interaction('x')], { taint: { name: 'urgent' } })])] },
    });
    const waiting = module({ id: 'later', type: 'categorization', name: 'Later', requiredTaints: ['urgent', 'vip'] });
    const messages = pipelineMessages([tainting, waiting], servers);
    expect(messages).toMatchObject([{ code: 'missingTaints', moduleId: 'later', params: { module: 'Later', taints: ['vip'] } }]);
    // Before the module producing it, the taint is missing too.
    expect(codes(pipelineMessages([waiting, tainting], servers))).toEqual(['warning:missingTaints']);
  });

  it('flags input types a module cannot take or an NLU module does not feed', () => {
    const nlu = module({ id: 'n', type: 'nlu', inputType: 'body' });
    const categorization = module({ id: 'c', type: 'categorization', inputType: 'attachment' });
    const output = module({ id: 'o', type: 'output', inputType: 'body' });
    expect(codes(pipelineMessages([nlu, categorization, output], servers))).toEqual(['warning:incompatibleInputType', 'error:incompatibleInputType']);
  });

  it('says the categorization engine is not activated for a consolidation without it, and checks compatibility', () => {
    const consolidation = module({ id: 'k', type: 'consolidation' });
    expect(codes(pipelineMessages([consolidation], servers))).toEqual(['warning:categorizationNotActivated']);
    const inactive = module({ id: 'c', type: 'categorization', active: false });
    expect(codes(pipelineMessages([inactive, consolidation], []))).toEqual(['warning:categorizationNotActivated']);
    expect(codes(pipelineMessages([module({ id: 'c', type: 'categorization' }), consolidation], []))).toEqual(['error:categorizationNeedsServer']);
  });

  it('warns when a rule reads the vision engine and no active vision engine runs before it', () => {
    const reading = module({
      id: 'c',
      type: 'categorization',
      config: { categories: [category('Constat', [rule('par la vision', [{ type: 'visionEngine', key: 'categories', condition: { operator: 'equals', value: 'claim' } }])])] },
    });
    const vision = module({ id: 'v', type: 'visionEngine' });
    const missing = pipelineMessages([reading, vision], servers);
    expect(codes(missing)).toEqual(['warning:visionEngineMissing']);
    expect(missing[0]!.params).toEqual({ module: 'M', rule: 'par la vision' });
    expect(codes(pipelineMessages([vision, reading], servers))).toEqual([]);
    expect(codes(pipelineMessages([{ ...vision, active: false }, reading], servers))).toEqual(['warning:visionEngineMissing']);
  });
});

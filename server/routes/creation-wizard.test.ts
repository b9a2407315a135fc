/**
 * `configuration.wizard` on the demo NLU project's staging environment: the chain it makes
 * in one go works (a test sentence is categorized by the new category through the new interaction and
 * its function); a taken name is refused and nothing is written; an environment without a context is
 * refused with the §5 message; a qualifier may not create.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategorizationSettings, CategorizationTestResult } from '../../src/contract/categorization';
import type { WizardBody, WizardResult } from '../../src/contract/creation-wizard';
import type { Archetype, NluContext, NluInteraction, NluInteractionFunction } from '../../src/contract/nlu';
import { environments } from '../db/schema';
import { createNluRuntime } from '../nlu/runtime';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const tokens: Record<string, string> = {};
const ENV = 'demo-nlu-recette';
let contextId: string;

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  for (const user of ['qualifier', 'admin']) tokens[user] = await signIn(server.app, user);
  contextId = (await call('admin', 'GET', ENV, '/nlu/contexts')).json<NluContext[]>().find((context) => context.name === 'assurance')!.id;
}, 120_000);
afterAll(() => server.close());

function call(user: string, method: 'GET' | 'POST', env: string, url: string, payload?: object) {
  return server.app.inject({ method, url: `/v4/console/api/environment/${env}${url}`, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload ? { payload } : {}) });
}

const chain = (): WizardBody => ({
  contextId,
  archetype: { name: 'reclamation', language: 'fr', dictionary: 'réclamation;réclamations;plainte;mécontent' },
  interaction: { name: 'deposerReclamation', parameter: 'motif', comment: 'Made by the wizard' },
  functions: [{ name: 'parleDuContrat', enabled: true, kind: 'interactionAround', stringValue: 'contrat', parameterName: null, interactionToFind: null, parameterToFind: null, parameterBaseline: null }],
  category: { moduleId: 'demo-categorization', name: 'Réclamation', target: 'body' },
});

const counts = async () => ({
  archetypes: (await call('admin', 'GET', ENV, '/nlu/archetypes')).json<Archetype[]>().length,
  interactions: (await call('admin', 'GET', ENV, '/nlu/interactions')).json<NluInteraction[]>().length,
  functions: (await call('admin', 'GET', ENV, '/nlu/functions')).json<NluInteractionFunction[]>().length,
  categories: (await call('admin', 'GET', ENV, '/modules/demo-categorization/categorization')).json<CategorizationSettings>().config.categories.length,
});

describe('advanced creation wizard', { timeout: 60_000 }, () => {
  it('creates a working chain in one go: the test sentence gets the new category through the new interaction', async () => {
    const created = await call('admin', 'POST', ENV, '/configuration/wizard', chain());
    expect(created.statusCode).toBe(201);
    const ids = created.json<WizardResult>();

    const interaction = (await call('admin', 'GET', ENV, '/nlu/interactions')).json<NluInteraction[]>().find((item) => item.id === ids.interactionId)!;
    expect(interaction).toMatchObject({ name: 'deposerReclamation', context: 'assurance', functions: ['parleDuContrat'], parameters: [{ name: 'motif', archetype: 'reclamation' }] });
    const settings = (await call('admin', 'GET', ENV, '/modules/demo-categorization/categorization')).json<CategorizationSettings>();
    const category = settings.config.categories.find((item) => item.id === ids.categoryId)!;
    expect(category.rules).toMatchObject([{ id: ids.ruleId, name: 'deposerReclamation', criteria: [{ type: 'interaction', interaction: 'deposerReclamation', context: 'assurance' }] }]);
    // The rule names an interaction that exists: no §5 warning about it.
    expect(settings.messages.filter((message) => message.params.rule === 'deposerReclamation')).toEqual([]);

    const test = async (text: string) =>
      (await call('admin', 'POST', ENV, '/categorization/test', { text, moduleId: 'demo-categorization' })).json<CategorizationTestResult>().result.documents[0]?.categories.map((c) => c.category);
    expect(await test('Bonjour, je dépose une réclamation au sujet de mon contrat.')).toContain('Réclamation');
    // The function holds only when "contrat" is around: without it, the category is not given.
    expect(await test('Bonjour, je dépose une réclamation.')).not.toContain('Réclamation');
  });

  it('refuses a taken name with its kind and writes nothing', async () => {
    const before = await counts();
    const again = await call('admin', 'POST', ENV, '/configuration/wizard', { ...chain(), archetype: { ...chain().archetype, name: 'autre' }, interaction: { ...chain().interaction, name: 'autreInteraction' }, functions: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'wizardNameTaken', params: { kind: 'category', name: 'Réclamation' } });
    const archetype = await call('admin', 'POST', ENV, '/configuration/wizard', { ...chain(), archetype: { ...chain().archetype, name: 'RESILIATION' } });
    expect(archetype.json()).toMatchObject({ code: 'wizardNameTaken', params: { kind: 'archetype', name: 'RESILIATION' } });
    expect(await counts()).toEqual(before);
  });

  it('needs at least one context (§5)', async () => {
    const bare = `env-bare-${randomUUID()}`;
    await server.handle.db.insert(environments).values({ id: bare, projectId: 'demo-nlu', name: bare, settings: {} });
    const refused = await call('admin', 'POST', bare, '/configuration/wizard', chain());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'wizardNeedsContext' });
  });

  it('is refused to a qualifier', async () => {
    expect((await call('qualifier', 'POST', 'demo-nlu-prod', '/configuration/wizard', chain())).statusCode).toBe(403);
  });
});

/**
 * Categorization endpoints on the demo NLU project: the settings a screen reads, saves and
 * their §5/§8 refusals, the consolidation's workflow id, the test endpoint with explanations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CategorizationSettings, CategorizationTestResult, ConsolidationSettings } from '../../src/contract/categorization';
import { createNluRuntime } from '../nlu/runtime';
import { setSettings } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  for (const user of ['qualifier', 'admin']) tokens[user] = await signIn(server.app, user);
}, 120_000);
afterAll(() => server.close());

function call(user: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', env: string, url: string, payload?: object) {
  return server.app.inject({ method, url: `/v4/console/api/environment/${env}${url}`, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload ? { payload } : {}) });
}

const PROD = 'demo-nlu-prod';
const RECETTE = 'demo-nlu-recette';

describe('categorization settings', { timeout: 60_000 }, () => {
  it('gives a screen the module, its configuration, its messages and the NLU interactions for the pickers', async () => {
    const response = await call('qualifier', 'GET', PROD, '/modules/demo-categorization/categorization');
    expect(response.statusCode).toBe(200);
    const view = response.json<CategorizationSettings>();
    expect(view.module).toMatchObject({ id: 'demo-categorization', type: 'categorization', name: 'Catégorisation', context: 'assurance', position: 3, requiredTaints: [] });
    expect(view.config.defaultCategory).toBe('Autre');
    expect(view.config.categories.filter((c) => c.target === 'body').map((c) => c.name)).toEqual([
      'Déclaration de sinistre',
      'Résiliation',
      'Demande de devis',
      "Changement d'adresse",
    ]);
    expect(view.messages).toEqual([]);
    expect(view.interactions).toContainEqual({ name: 'declarerSinistre', context: 'assurance', parameters: ['evenement', 'numeroContrat', 'date', 'montant'] });
  });

  it('answers 404 moduleNotFound and 409 wrongModuleType', async () => {
    expect((await call('qualifier', 'GET', PROD, '/modules/nope/categorization')).json()).toMatchObject({ code: 'moduleNotFound' });
    const wrong = await call('qualifier', 'GET', PROD, '/modules/demo-nlu/categorization');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'wrongModuleType' });
  });

  it('refuses duplicate and empty names and advanced syntax errors with their codes, and saves a valid configuration', async () => {
    const current = (await call('admin', 'GET', RECETTE, '/modules/demo-categorization/categorization')).json<CategorizationSettings>();
    const duplicate = { ...current.config, categories: [...current.config.categories, { ...current.config.categories[1]!, id: 'copy' }] };
    const refused = await call('admin', 'PUT', RECETTE, '/modules/demo-categorization/categorization', { config: duplicate });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'configurationInvalid', messages: [{ code: 'classificationNameTaken', params: { name: 'Résiliation' } }] });

    const empty = { ...current.config, categories: [{ id: 'x', name: '   ', rules: [] }] };
    expect((await call('admin', 'PUT', RECETTE, '/modules/demo-categorization/categorization', { config: empty })).json()).toMatchObject({
      messages: [{ code: 'categoryNameEmpty', path: ['categories', '0', 'name'] }],
    });

    const broken = { ...current.config, advanced: { enabled: true, program: 'Résiliation\n{% if %}' } };
    expect((await call('admin', 'PUT', RECETTE, '/modules/demo-categorization/categorization', { config: broken })).json()).toMatchObject({
      messages: [{ code: 'advancedSyntaxError', params: { line: 2 } }],
    });

    const renamed = { ...current.config, defaultCategory: 'Divers', categories: current.config.categories.slice(0, 2) };
    const saved = await call('admin', 'PUT', RECETTE, '/modules/demo-categorization/categorization', { config: renamed });
    expect(saved.statusCode).toBe(200);
    expect((await call('admin', 'GET', RECETTE, '/modules/demo-categorization/categorization')).json<CategorizationSettings>().config).toMatchObject({
      defaultCategory: 'Divers',
      categories: [{ name: 'Déclaration de sinistre' }, { name: 'Résiliation' }],
    });
  });

  it('warns about a rule name that is not a project rule, without refusing it', async () => {
    const current = (await call('admin', 'GET', RECETTE, '/modules/demo-categorization/categorization')).json<CategorizationSettings>();
    const config = { ...current.config, categories: [{ ...current.config.categories[0]!, rules: [{ ...current.config.categories[0]!.rules[0]!, name: 'maRegle' }] }] };
    const saved = await call('admin', 'PUT', RECETTE, '/modules/demo-categorization/categorization', { config });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CategorizationSettings>().messages).toMatchObject([{ code: 'ruleNameNotInProject', severity: 'warning', params: { rule: 'maRegle' } }]);
  });

  it('gives a new server the AI version the pipeline needs when none is given (§5)', async () => {
    const created = await call('admin', 'POST', RECETTE, '/nlu/servers', { name: 'ajoute' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ item: { name: 'ajoute', aiVersion: '5' } });
    // Without a categorization module, the version interaction distance needs; a version given is kept.
    const plain = await call('admin', 'POST', 'demo-ic-recette', '/nlu/servers', { name: 'simple' });
    expect(plain.json()).toMatchObject({ item: { aiVersion: '4.12' } });
    const given = await call('admin', 'POST', RECETTE, '/nlu/servers', { name: 'ancien', aiVersion: '4.9' });
    expect(given.json()).toMatchObject({ item: { aiVersion: '4.9' } });
    // An update that leaves the version out keeps it.
    const { item } = given.json<{ item: { id: string } }>();
    const renamed = await call('admin', 'PUT', RECETTE, `/nlu/servers/${item.id}`, { name: 'ancien2' });
    expect(renamed.json()).toMatchObject({ item: { name: 'ancien2', aiVersion: '4.9' } });
    for (const id of [created.json<{ item: { id: string } }>().item.id, item.id]) expect((await call('admin', 'DELETE', RECETTE, `/nlu/servers/${id}`)).statusCode).toBe(204);
  });

  it('refuses to save when no server has AI version 5 (§5 compatibility)', async () => {
    const servers = (await call('admin', 'GET', RECETTE, '/nlu/servers')).json<{ id: string; name: string }[]>();
    const server0 = servers[0]!;
    const downgrade = await call('admin', 'PUT', RECETTE, `/nlu/servers/${server0.id}`, { ...server0, aiVersion: '4.12' });
    expect(downgrade.statusCode).toBe(200);
    const current = (await call('admin', 'GET', RECETTE, '/modules/demo-categorization/categorization')).json<CategorizationSettings>();
    expect(current.messages).toContainEqual(expect.objectContaining({ code: 'categorizationNeedsAiVersion', severity: 'error' }));
    const refused = await call('admin', 'PUT', RECETTE, '/modules/demo-categorization/categorization', { config: { ...current.config, defaultCategory: 'Autre' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ messages: [{ code: 'categorizationNeedsAiVersion', params: { server: 'assistant', version: '4.12', minimum: 5 } }] });
    const check = (await call('admin', 'GET', RECETTE, '/categorization/check')).json<{ messages: { code: string }[] }>();
    expect(check.messages.map((m) => m.code)).toContain('categorizationNeedsAiVersion');
    await call('admin', 'PUT', RECETTE, `/nlu/servers/${server0.id}`, { ...server0, aiVersion: '5.0' });
  });

  it('refuses, on a settings save, a categorization configuration the module could not read', async () => {
    const current = (await call('admin', 'GET', RECETTE, '/settings')).json<{ name: string; visibility: string; priority: boolean; settings: { modules: { id: string; config: object }[] } }>();
    const modules = current.settings.modules.map((module) => (module.id === 'demo-categorization' ? { ...module, config: { categories: 'nope' } } : module));
    const refused = await call('admin', 'PUT', RECETTE, '/settings', { ...current, settings: { ...current.settings, modules } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalidRequest', issues: [{ path: ['settings', 'modules', 'demo-categorization', 'config', 'categories'] }] });
  });

  it('refuses to configure categorization on a legacy IC project (§2.4)', async () => {
    await setSettings(server.handle.db, 'demo-ic-recette', { modules: [{ id: 'cat', type: 'categorization', name: 'Catégories' }] });
    const refused = await call('admin', 'PUT', 'demo-ic-recette', '/modules/cat/categorization', { config: { categories: [] } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'categorizationLegacyProject' });
  });
});

describe('consolidation settings', () => {
  it('creates a workflow id when it is left empty', async () => {
    const current = (await call('admin', 'GET', RECETTE, '/modules/demo-consolidation/consolidation')).json<ConsolidationSettings>();
    expect(current.config.workflowId).toBe('wf-demo-assurance');
    expect(current.categories.map((c) => c.name)).toContain('Déclaration de sinistre');
    const saved = await call('admin', 'PUT', RECETTE, '/modules/demo-consolidation/consolidation', { config: { ...current.config, workflowId: '' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<ConsolidationSettings>().config.workflowId).toMatch(/^wf-[0-9a-f-]{36}$/);
  });
});

describe('categorization test', { timeout: 60_000 }, () => {
  const test = (payload: object, env = PROD) => call('qualifier', 'POST', env, '/categorization/test', payload);

  it('categorizes a typed sentence and says why, with what consolidation makes of it', async () => {
    const response = await test({ text: 'Bonjour, je veux résilier mon contrat habitation numéro AB-77812.', language: 'fr' });
    expect(response.statusCode).toBe(200);
    const result = response.json<CategorizationTestResult>();
    expect(result.moduleId).toBe('demo-categorization');
    expect(result.nlu[0]!.result.interactions.map((i) => i.id)).toContain('resilierContrat');
    expect(result.result.documents[0]!.categories).toEqual([
      {
        category: 'Résiliation',
        categoryId: 'demo-body-resiliation',
        target: 'body',
        explanation: expect.objectContaining({ kind: 'rule', ruleName: 'resilierContrat', held: [expect.objectContaining({ index: 0, evidence: ['resilierContrat'] })] }),
      },
    ]);
    expect(result.consolidation).toMatchObject({ workflowId: 'wf-demo-assurance', labels: ['RESILIATION'], categories: [{ category: 'Résiliation' }] });
  });

  it('gives the default category to a sentence no rule knows, and runs an unsaved configuration', async () => {
    const other = (await test({ text: 'Merci pour votre accueil chaleureux hier.', language: 'fr' })).json<CategorizationTestResult>();
    expect(other.result.documents[0]!.categories).toEqual([{ category: 'Autre', categoryId: null, target: 'body', explanation: { kind: 'default' } }]);

    const config = {
      defaultCategory: 'Autre',
      categories: [
        { id: 'merci', name: 'Remerciement', rules: [{ id: 'm', name: 'merci', criteria: [{ type: 'header', header: 'subject', condition: { operator: 'exists' } }, { type: 'consolidationSource', source: 'body' }], combinator: 'or' }] },
      ],
    };
    const unsaved = (await test({ text: 'Merci.', config })).json<CategorizationTestResult>();
    expect(unsaved.result.documents[0]!.categories[0]).toMatchObject({ category: 'Remerciement', explanation: { combinator: 'or', held: [{ index: 1, evidence: ['body: text'] }] } });
    expect(unsaved.messages).toEqual([]);
  });

  it('reports an advanced program syntax error with its line and keeps the rules’ categories', async () => {
    const current = (await call('qualifier', 'GET', PROD, '/modules/demo-categorization/categorization')).json<CategorizationSettings>();
    const config = { ...current.config, advanced: { enabled: true, program: 'x\ny\n{% for %}' } };
    const result = (await test({ text: 'Je souhaite un devis pour mon auto.', language: 'fr', config })).json<CategorizationTestResult>();
    expect(result.messages).toMatchObject([{ code: 'advancedSyntaxError', params: { line: 3 } }]);
    expect(result.result.advancedErrors).toMatchObject([{ code: 'advancedSyntaxError', line: 3 }]);
    expect(result.result.documents[0]!.categories.map((c) => c.category)).toEqual(['Demande de devis']);
  });

  it('answers testTextMissing, analysisNotFound and categorizationNotActivated', async () => {
    expect((await test({ analysisId: 'nope' })).json()).toMatchObject({ code: 'analysisNotFound' });
    const missing = await test({});
    expect(missing.statusCode).toBe(400);
    const ic = await call('admin', 'POST', 'demo-ic-prod', '/categorization/test', { text: 'bonjour' });
    expect(ic.statusCode).toBe(409);
    expect(ic.json()).toMatchObject({ code: 'categorizationNotActivated' });
  });
});

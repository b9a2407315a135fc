/**
 * Information extraction endpoints on the demo NLU project: the settings a screen reads,
 * a save refused with its messages and one accepted, the tests with expected vs obtained per field,
 * on a typed text, an unsaved configuration and an existing analysis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractionSettings, ExtractionTestCaseResult } from '../../src/contract/extraction';
import { createNluRuntime } from '../nlu/runtime';
import { fixture, queueAnalysis, waitForEnd } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 5000, parseDeadlineMs: 120_000 }, nlu: createNluRuntime({ startupMs: 0 }) });
  for (const user of ['qualifier', 'admin']) tokens[user] = await signIn(server.app, user);
}, 120_000);
afterAll(() => server.close());

function call(user: string, method: 'GET' | 'PUT' | 'POST', env: string, url: string, payload?: object) {
  return server.app.inject({ method, url: `/v4/console/api/environment/${env}${url}`, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload ? { payload } : {}) });
}

const RECETTE = 'demo-nlu-recette';
const MODULE = '/modules/demo-extraction/extraction';

describe('extraction settings', { timeout: 60_000 }, () => {
  it('gives a screen the module, its fields, snippets and tests, and the NLU interactions for the pickers', async () => {
    const response = await call('qualifier', 'GET', 'demo-nlu-prod', MODULE);
    expect(response.statusCode).toBe(200);
    const view = response.json<ExtractionSettings>();
    expect(view.module).toMatchObject({ id: 'demo-extraction', type: 'extraction', position: 2, inputType: null });
    expect(view.config.fields.map((field) => field.name)).toEqual(['numeroContrat', 'dateSinistre', 'montant']);
    expect(view.messages).toEqual([]);
    expect(view.interactions.find((interaction) => interaction.name === 'declarerSinistre')?.parameters).toContain('montant');
    expect((await call('qualifier', 'GET', 'demo-nlu-prod', '/modules/demo-categorization/extraction')).json()).toMatchObject({ code: 'extractionModuleNotFound' });
  });

  it('refuses a save with a broken snippet or pattern, naming the field and line, and saves a sound one', async () => {
    const view = (await call('admin', 'GET', RECETTE, MODULE)).json<ExtractionSettings>();
    const broken = {
      ...view.config,
      fields: [...view.config.fields, { id: 'x', name: 'x', label: '', format: 'string', source: { type: 'snippet', program: 'a\n{% if %}' } }, { id: 'y', name: 'y', label: '', format: 'string', source: { type: 'regex', pattern: '(a)\\1', group: 0, ignoreCase: true, which: 'first' } }],
    };
    const refused = await call('admin', 'PUT', RECETTE, MODULE, { config: broken });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'extractionConfigurationInvalid',
      messages: [
        { code: 'snippetSyntaxError', path: ['fields', '3', 'source', 'program'], params: { owner: 'x', line: 2 } },
        { code: 'badRegex', path: ['fields', '4', 'source', 'pattern'] },
      ],
    });
    const sound = { ...view.config, fields: [...view.config.fields, { id: 'e', name: 'expediteur', label: 'Expéditeur', format: 'string', source: { type: 'header', header: 'from' } }] };
    const saved = await call('admin', 'PUT', RECETTE, MODULE, { config: sound });
    expect(saved.statusCode).toBe(200);
    expect((await call('admin', 'GET', RECETTE, MODULE)).json<ExtractionSettings>().config.fields.map((field) => field.name)).toContain('expediteur');
    expect((await call('qualifier', 'PUT', 'demo-nlu-prod', MODULE, { config: sound })).statusCode).toBe(403);
  });

  it('refuses, on a settings save, an extraction configuration the module could not read', async () => {
    const current = (await call('admin', 'GET', RECETTE, '/settings')).json<{ name: string; visibility: string; priority: boolean; settings: { modules: { id: string; config: object }[] } }>();
    const modules = current.settings.modules.map((module) => (module.id === 'demo-extraction' ? { ...module, config: { fields: [{ id: 'a', name: 'a b', source: { type: 'header', header: 'from' } }] } } : module));
    const refused = await call('admin', 'PUT', RECETTE, '/settings', { ...current, settings: { ...current.settings, modules } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalidRequest', issues: [{ path: ['settings', 'modules', 'demo-extraction', 'config', 'fields', '0', 'name'] }] });
  });
});

describe('extraction tests', { timeout: 200_000 }, () => {
  const run = (payload: object) => call('qualifier', 'POST', 'demo-nlu-prod', `${MODULE}/test`, payload);

  it('runs the saved tests of the demo module: every field passes, expected beside obtained', async () => {
    const response = await run({});
    expect(response.statusCode).toBe(200);
    const [result] = response.json<{ cases: ExtractionTestCaseResult[] }>().cases;
    expect(result).toMatchObject({ id: 'demo-test-claim', pass: true, error: null });
    expect(result!.checks).toEqual([
      { field: 'numeroContrat', expected: 'AB-77812', obtained: 'AB-77812', pass: true },
      { field: 'dateSinistre', expected: '2026-11-12', obtained: '2026-11-12', pass: true },
      { field: 'montant', expected: 48250, obtained: 48250, pass: true },
    ]);
  });

  it('runs an unsaved configuration, fails the field that differs, and reads an existing analysis', async () => {
    const id = await queueAnalysis(server.handle.db, 'demo-nlu-prod', [{ name: 'claim-letter-fr.pdf', content: fixture('pdf/claim-letter-fr.pdf') }]);
    await waitForEnd(server.handle.db, id, 150_000);
    const view = (await call('qualifier', 'GET', 'demo-nlu-prod', MODULE)).json<ExtractionSettings>();
    const response = await run({
      config: { ...view.config, fields: view.config.fields.filter((field) => field.name !== 'montant') },
      cases: [
        { id: 'typed', text: 'Sinistre du 3 mars 2026, contrat CD-12345.', expected: { numeroContrat: 'CD-99999' } },
        { id: 'analysis', analysisId: id, expected: { numeroContrat: 'AB-77812', dateSinistre: '2026-11-12', montant: 48250 } },
        { id: 'gone', analysisId: 'no-such-analysis', expected: {} },
      ],
    });
    const cases = response.json<{ cases: ExtractionTestCaseResult[] }>().cases;
    expect(cases[0]).toMatchObject({ pass: false, checks: [{ field: 'numeroContrat', expected: 'CD-99999', obtained: 'CD-12345', pass: false }] });
    expect(cases[1]!.checks.map((check) => [check.field, check.pass])).toEqual([
      ['numeroContrat', true],
      ['dateSinistre', true],
      ['montant', false],
    ]);
    expect(cases[2]).toMatchObject({ pass: false, error: { code: 'analysisNotFound' } });
  });
});

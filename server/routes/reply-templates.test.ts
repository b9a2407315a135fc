/**
 * Reply templates through the real server and pipeline: the save rules and their codes
 * (§5 include cycles, §8 syntax), the Tests render, the step's draft in the result and the output's
 * `replyProposal`, the Errors tab's rows with the line (§9 latest 50), and the §8 message without a
 * default template.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplyTemplateError, ReplyTemplatesView, ReplyTestResult } from '../../src/contract/reply-templates';
import { REPLY_SAMPLE_VARIABLES } from '../../src/replies/variables';
import { recordReplyError } from '../replies/errors';
import { createEnvironment, fixture, queueAnalysis, setSettings, traceOf, waitForEnd } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { inEnglish } from '../test-support/pipeline-text';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 30, leaseMs: 5000 } });
  for (const user of ['admin', 'qualifier']) tokens[user] = await signIn(server.app, user);
}, 120_000);
afterAll(() => server.close());

function call(user: string, method: 'GET' | 'PUT' | 'POST', env: string, url: string, payload?: object) {
  return server.app.inject({ method, url: `/v4/console/api/environment/${env}${url}`, headers: { authorization: `Bearer ${tokens[user]}` }, ...(payload ? { payload } : {}) });
}

const PIPELINE = [
  { id: 'x', type: 'extractor', name: 'Extracteur' },
  { id: 'r', type: 'replyTemplate', name: 'Réponse' },
  { id: 'o', type: 'output', name: 'Sortie' },
] as const;

const signature = { id: 'sig', name: 'signature', body: 'Cordialement,\nLe service client' };
const reply = { id: 'rep', name: 'réponse', isDefault: true, body: "Bonjour,\nNous avons bien reçu « {{ subject }} ».\n{% include 'signature' %}" };

describe('saving templates', { timeout: 60_000 }, () => {
  it('refuses an include cycle naming it, two defaults and a syntax error with its line; saves a valid set', async () => {
    const env = await createEnvironment(server.handle.db, { modules: [...PIPELINE] });
    const cycle = await call('admin', 'PUT', env, '/reply-templates', {
      templates: [
        { id: '1', name: 'a', body: "{% include 'b' %}" },
        { id: '2', name: 'b', body: "x\n{% include 'a' %}" },
      ],
    });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json()).toMatchObject({ code: 'templateIncludeCycle', params: { cycle: ['a', 'b', 'a'] } });

    const defaults = await call('admin', 'PUT', env, '/reply-templates', { templates: [{ ...reply }, { ...signature, isDefault: true }] });
    expect(defaults.json()).toMatchObject({ code: 'templateDefaultTwice', params: { names: ['réponse', 'signature'] } });

    const syntax = await call('admin', 'PUT', env, '/reply-templates', { templates: [{ id: '1', name: 'a', body: 'ok\nok\n{% if %}' }] });
    expect(syntax.statusCode).toBe(422);
    expect(syntax.json()).toMatchObject({ code: 'templateSyntaxError', params: { template: 'a', line: 3 } });

    const saved = await call('admin', 'PUT', env, '/reply-templates', { templates: [reply, signature] });
    expect(saved.statusCode).toBe(200);
    const view = (await call('qualifier', 'GET', env, '/reply-templates')).json<ReplyTemplatesView>();
    expect(view.templates.map((template) => [template.name, template.isDefault, template.llmPrompt])).toEqual([
      ['réponse', true, false],
      ['signature', false, false],
    ]);
    // A qualifier reads and tests, but does not save.
    expect((await call('qualifier', 'PUT', env, '/reply-templates', { templates: [] })).statusCode).toBe(403);
  });

  it('refuses a cycle written through the plain settings save too', async () => {
    const env = await createEnvironment(server.handle.db, { modules: [...PIPELINE] });
    const settings = (await call('admin', 'GET', env, '/settings')).json<{ name: string; visibility: string; priority: boolean; settings: Record<string, unknown> }>();
    const response = await call('admin', 'PUT', env, '/settings', {
      name: settings.name,
      visibility: settings.visibility,
      priority: settings.priority,
      settings: { ...settings.settings, replyTemplates: [{ id: '1', name: 'a', body: "{% include 'a' %}" }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('templateIncludeCycle');
  });
});

describe('the Tests render', { timeout: 60_000 }, () => {
  it('renders an unsaved template with its includes on sample variables', async () => {
    const env = await createEnvironment(server.handle.db, { modules: [...PIPELINE] });
    const response = await call('qualifier', 'POST', env, '/reply-templates/test', {
      template: 'réponse',
      templates: [reply, signature],
      variables: REPLY_SAMPLE_VARIABLES,
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<ReplyTestResult>();
    expect(result.error).toBeNull();
    expect(result.result?.draft).toBe('Bonjour,\nNous avons bien reçu « Déclaration de sinistre — dégât des eaux ».\nCordialement,\nLe service client');
  });
});

describe('the reply template step', { timeout: 60_000 }, () => {
  it('drafts the reply of an analysis, shown in its result and in the output payload', async () => {
    const db = server.handle.db;
    const env = await createEnvironment(db, { modules: [...PIPELINE], replyTemplates: [reply, signature] });
    const id = await queueAnalysis(db, env, [{ name: 'arf.eml', content: fixture('eml/arf.eml') }]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('processed');
    const step = row.modules.find((module) => module.type === 'replyTemplate')!;
    expect(step.outcome).toBe('success');
    const draft = 'Bonjour,\nNous avons bien reçu « FW: Earn money ».\nCordialement,\nLe service client';
    expect(step.result).toEqual({ template: { id: 'rep', name: 'réponse', chosenFor: 'default', category: null }, draft });
    const output = row.modules.find((module) => module.type === 'output')!.result as { replyProposal: unknown };
    expect(output.replyProposal).toEqual(step.result);

    // The Tests tab renders the same draft on this analysis.
    const tested = (await call('qualifier', 'POST', env, '/reply-templates/test', { template: 'réponse', analysisId: id })).json<ReplyTestResult>();
    expect(tested.result?.draft).toBe(draft);
  });

  it('records a rendering error with the template and line in the trace and the Errors tab', async () => {
    const db = server.handle.db;
    const broken = { id: 'b', name: 'cassé', isDefault: true, body: "Bonjour\n{% include 'absent' %}" };
    const env = await createEnvironment(db, { modules: [...PIPELINE], replyTemplates: [broken] });
    expect((await call('qualifier', 'GET', env, '/reply-templates/errors')).json()).toEqual({ errors: [] });
    const id = await queueAnalysis(db, env, [{ name: 'arf.eml', content: fixture('eml/arf.eml') }]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('processed');
    expect(row.modules.find((module) => module.type === 'replyTemplate')).toMatchObject({ outcome: 'error', result: null });
    const trace = await traceOf(db, id);
    expect(inEnglish(trace.find((entry) => entry.module === 'replyTemplate')?.message)).toContain('template "cassé", line 2');
    const errors = (await call('qualifier', 'GET', env, '/reply-templates/errors')).json<{ errors: ReplyTemplateError[] }>().errors;
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ analysisId: id, analysisName: 'arf.eml', template: 'cassé', inTemplate: 'cassé', line: 2 });
    expect(errors[0]!.message).toContain('absent');
  });

  it('says there is no default template (§8) and drafts nothing', async () => {
    const db = server.handle.db;
    const env = await createEnvironment(db, { modules: [...PIPELINE], replyTemplates: [{ ...signature, category: 'Résiliation' }] });
    const id = await queueAnalysis(db, env, [{ name: 'arf.eml', content: fixture('eml/arf.eml') }]);
    const row = await waitForEnd(db, id);
    const step = row.modules.find((module) => module.type === 'replyTemplate')!;
    expect(step).toMatchObject({ outcome: 'skipped', result: null });
    expect(inEnglish(step.message)).toContain('No default template: no reply will be generated');
  });

  it('keeps the latest 50 errors of an environment (§9)', async () => {
    const db = server.handle.db;
    const env = await createEnvironment(db, {});
    for (let index = 0; index < 53; index++) {
      await recordReplyError(db, { environmentId: env, analysisId: `a${index}`, analysisName: `n${index}`, template: 't', inTemplate: 't', line: index + 1, code: 'runtime', message: 'm', reason: { key: 'reason.sandboxTime' } });
    }
    await setSettings(db, env, {});
    const errors = (await call('qualifier', 'GET', env, '/reply-templates/errors')).json<{ errors: ReplyTemplateError[] }>().errors;
    expect(errors).toHaveLength(50);
    expect(errors[0]!.analysisId).toBe('a52');
    expect(errors.map((error) => error.analysisId)).not.toContain('a2');
  });
});

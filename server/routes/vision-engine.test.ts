/**
 * Vision engine settings endpoints: the configuration a screen reads and saves, its
 * check, and whether a language model is configured — never its address or key.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { VisionEngineSettings } from '../../src/contract/vision-engine';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let token: string;
let envId: string;

beforeAll(async () => {
  server = await createTestServer();
  token = await signIn(server.app, 'admin');
  envId = await createEnvironment(server.handle.db, {
    modules: [
      { id: 'x', type: 'extractor', name: 'Extracteur' },
      { id: 'v', type: 'visionEngine', name: 'Vision' },
      { id: 'o', type: 'output', name: 'Sortie' },
    ],
  });
}, 120_000);
afterAll(() => server.close());
afterEach(() => {
  delete process.env.POSTROOM_LLM_BASE_URL;
  delete process.env.POSTROOM_LLM_API_KEY;
  delete process.env.POSTROOM_LLM_MODEL;
});

const call = (method: 'GET' | 'PUT', moduleId: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api/environment/${envId}/modules/${moduleId}/vision-engine`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

describe('vision engine settings', { timeout: 60_000 }, () => {
  it('gives a new module its defaults and says that no language model is configured', async () => {
    const response = await call('GET', 'v');
    expect(response.statusCode).toBe(200);
    const view = response.json<VisionEngineSettings>();
    expect(view.module).toMatchObject({ id: 'v', type: 'visionEngine', name: 'Vision', position: 1 });
    expect(view.config).toEqual({ active: true, type: 'custom', prompt: '', categories: [], extractionFields: [], maxPages: 5 });
    expect(view.llm).toEqual({ configured: false, model: null });
  });

  it('tells whether a language model is configured and its model, never the address or the key', async () => {
    Object.assign(process.env, { POSTROOM_LLM_BASE_URL: 'https://llm.example.test/v1', POSTROOM_LLM_API_KEY: 'sk-secret-key', POSTROOM_LLM_MODEL: 'gpt-vision' });
    const response = await call('GET', 'v');
    expect(response.json<VisionEngineSettings>().llm).toEqual({ configured: true, model: 'gpt-vision' });
    expect(response.body).not.toContain('sk-secret-key');
    expect(response.body).not.toContain('llm.example.test');
  });

  it('saves a valid configuration and refuses one that fails its check', async () => {
    const config = { type: 'strict_classification', prompt: '', categories: [{ key: 'claim', description: 'Sinistre' }], extractionFields: [], maxPages: 3, active: true };
    const saved = await call('PUT', 'v', { config });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<VisionEngineSettings>().config).toEqual(config);
    expect((await call('GET', 'v')).json<VisionEngineSettings>().config).toEqual(config);

    const refused = await call('PUT', 'v', { config: { ...config, categories: [] } });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('visionNeedsCategories');
    expect((await call('GET', 'v')).json<VisionEngineSettings>().config.categories).toEqual(config.categories);
  });

  it('answers 404 moduleNotFound and 409 wrongModuleType', async () => {
    expect((await call('GET', 'nope')).json()).toMatchObject({ code: 'moduleNotFound' });
    const wrong = await call('GET', 'o');
    expect([wrong.statusCode, wrong.json().code]).toEqual([409, 'wrongModuleType']);
  });
});

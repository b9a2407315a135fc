/**
 * The configuration snapshot: one read of modules and NLU references, without
 * dictionaries, that the problem checks run on; who may read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigurationSnapshot } from '../../src/contract/configuration-graph';
import { configurationProblems } from '../../src/configuration-problems';
import { createEnvironment } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['configurator', 'qualifier', 'viewer']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
}, 180_000);
afterAll(() => server.close());

const snapshotOf = (user: string, envId: string) => server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${envId}/configuration/snapshot`, headers: headers[user] });
const nlu = (envId: string, path: string, payload: object) =>
  server.app.inject({ method: 'POST', url: `/v4/console/api/environment/${envId}/nlu${path}`, headers: headers.configurator, payload });

describe('GET configuration/snapshot', () => {
  it('answers the demo pipeline in order and its NLU items, with no dictionary text', async () => {
    const response = await snapshotOf('qualifier', 'demo-nlu-prod');
    expect(response.statusCode, response.body).toBe(200);
    const snapshot = response.json<ConfigurationSnapshot>();
    expect(snapshot.modules.map((module) => module.type)).toEqual(['extractor', 'nlu', 'extraction', 'categorization', 'consolidation', 'replyTemplate', 'output']);
    expect(snapshot.contexts.map((context) => context.name)).toContain('assurance');
    expect(snapshot.servers.find((item) => item.name === 'assistant')?.contexts).toContain('assurance');
    expect(snapshot.interactions.length).toBeGreaterThan(0);
    expect(snapshot.interactions.every((interaction) => interaction.context === 'assurance')).toBe(true);
    expect(response.body).not.toContain('dictionar');
  });

  it("answers the demo's reply templates with the category each answers and the templates each includes, without their bodies", async () => {
    const response = await snapshotOf('qualifier', 'demo-nlu-prod');
    expect(response.statusCode, response.body).toBe(200);
    const { replyTemplates } = response.json<ConfigurationSnapshot>();
    expect(replyTemplates.find((template) => template.id === 'demo-reply-signature')).toEqual({ id: 'demo-reply-signature', name: 'Signature', category: null, includes: [] });
    expect(replyTemplates.find((template) => template.id === 'demo-reply-termination')).toEqual({ id: 'demo-reply-termination', name: 'Résiliation', category: 'Résiliation', includes: ['demo-reply-signature'] });
    expect(replyTemplates.filter((template) => template.id !== 'demo-reply-signature').every((template) => template.includes.includes('demo-reply-signature'))).toBe(true);
    expect(response.body).not.toContain("{% include 'Signature' %}");
  });

  it('gives the checks what they need to find references to missing items', async () => {
    const envId = await createEnvironment(server.handle.db);
    expect((await nlu(envId, '/archetypes', { name: 'contrat', dictionaries: { fr: 'contrat [[numero]]\npolice [[@number]]' } })).statusCode).toBe(201);
    const context = await nlu(envId, '/contexts', { name: 'devis', languages: ['fr'] });
    expect(context.statusCode).toBe(201);
    const contextId = context.json<{ item: { id: string } }>().item.id;
    expect((await nlu(envId, '/interactions', { contextId, name: 'demande', parameters: [{ name: 'contrat', position: 0, archetype: 'contrat' }] })).statusCode).toBe(201);

    const response = await snapshotOf('configurator', envId);
    expect(response.statusCode, response.body).toBe(200);
    const snapshot = response.json<ConfigurationSnapshot>();
    expect(snapshot.archetypes).toEqual([{ id: expect.any(String), name: 'contrat', references: ['@number', 'numero'] }]);
    expect(snapshot.interactions[0]).toMatchObject({ name: 'demande', context: 'devis', parameters: [{ name: 'contrat', archetype: 'contrat' }] });
    // A fresh environment runs the default pipeline.
    expect(snapshot.modules.map((module) => module.type)).toEqual(['extractor', 'output']);
    expect(snapshot.replyTemplates).toEqual([]);
    expect(configurationProblems(snapshot).map((problem) => [problem.code, problem.entity.name])).toEqual([
      ['unknownSubArchetype', 'contrat'],
      ['contextWithoutServer', 'devis'],
    ]);
  });

  it('is refused below qualifier', async () => {
    expect((await snapshotOf('viewer', 'demo-nlu-prod')).statusCode).toBe(403);
  });
});

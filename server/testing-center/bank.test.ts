/**
 * The message bank through its real HTTP routes, on the seeded demo (in-memory PGlite): import with
 * the §5 upload rules, files, tags and search, qualification states and parameters, private kinds,
 * sets, "add to testing center", sampling, and who may call what (§6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { BankMessage, BankSet, ExpectedValues } from '../../src/contract/testing-center';
import type { BankPage, LabellingVocabulary, SamplingPreview } from '../../src/contract/testing-center-bank';
import type { ModuleResult } from '../../src/contract/analyses';
import { createAnalysisRecord } from '../analyses/create';
import { analyses, environments } from '../db/schema';
import { readSettings } from '../environments/settings';
import { multipart } from '../test-support/multipart';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let qualifier: string;
let configurator: string;
let viewer: string;
const BASE = '/v4/console/api/project/demo-ic/testing-center';

beforeAll(async () => {
  server = await createTestServer();
  [qualifier, configurator, viewer] = await Promise.all([signIn(server.app, 'qualifier'), signIn(server.app, 'configurator'), signIn(server.app, 'viewer')]);
}, 60_000);
afterAll(() => server.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function call<T>(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const response = await server.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: (response.body === '' ? null : response.json()) as T };
}

async function importFile(name: string, content: string, tags: string[] = [], token = qualifier) {
  const form = await multipart({ file: { name, content } });
  const query = tags.map((tag) => `tags[]=${encodeURIComponent(tag)}`).join('&');
  const response = await server.app.inject({ method: 'POST', url: `${BASE}/messages?${query}`, headers: { ...auth(token), ...form.headers }, payload: form.payload });
  if (token === qualifier && !name.endsWith('.exe')) expect(response.statusCode).toBe(201);
  return { status: response.statusCode, body: response.json() };
}

const decision = (category: string) => ({ category, categoryId: null, target: 'body' as const, explanation: { kind: 'default' as const } });
const categorized = (category: string | null): ModuleResult[] => [
  {
    moduleId: 'c',
    type: 'categorization',
    name: 'Catégorisation',
    outcome: 'success',
    message: null,
    result: {
      documents: [{ document: 0, documentName: 'mail.eml', source: 'main', page: null, categories: category === null ? [] : [decision(category)], taints: [] }],
      taints: [],
      advancedErrors: [],
      documentsNotCategorized: 0,
    },
  },
];

async function productionAnalysis(category: string | null, metadata: Record<string, string> = {}) {
  const row = await createAnalysisRecord(server.handle.db, {
    environmentId: 'demo-ic-prod',
    main: { name: 'mail.eml', content: new TextEncoder().encode(`Subject: ${category ?? 'none'}\r\n\r\nBonjour`) },
    metadata,
  });
  await server.handle.db.update(analyses).set({ status: 'processed', modules: categorized(category) }).where(eq(analyses.id, row.id));
  return row.id;
}

describe('import', () => {
  it('adds one message per file with its tags, keeps the bytes and finds it by search and tag', async () => {
    const imported = await importFile('sinistre-dupont.eml', 'Subject: Sinistre\r\n\r\nMa voiture', ['sinistres', 'fr']);
    expect(imported.status).toBe(201);
    expect(imported.body).toMatchObject({ name: 'sinistre-dupont.eml', inputType: 'email', tags: ['sinistres', 'fr'], qualification: 'notQualified', source: 'import' });

    const detail = await call<BankMessage>(qualifier, 'GET', `${BASE}/messages/${imported.body.id}`);
    expect(detail.body.files).toHaveLength(1);
    const file = await server.app.inject({ method: 'GET', url: `${BASE}/messages/${imported.body.id}/files/${detail.body.files[0]!.id}`, headers: auth(qualifier) });
    expect(file.body).toBe('Subject: Sinistre\r\n\r\nMa voiture');

    const bySearch = await call<BankPage>(qualifier, 'GET', `${BASE}/messages?search=DUPONT`);
    expect(bySearch.body.items.map((item) => item.id)).toEqual([imported.body.id]);
    const byTag = await call<BankPage>(qualifier, 'GET', `${BASE}/messages?tags[]=sinistres`);
    expect(byTag.body.items.map((item) => item.id)).toContain(imported.body.id);
    const otherTag = await call<BankPage>(qualifier, 'GET', `${BASE}/messages?tags[]=absent`);
    expect(otherTag.body.total).toBe(0);
  });

  it('refuses files against the §5 upload rules with the problems to translate', async () => {
    const refused = await importFile('virus.exe', 'MZ');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'uploadRejected', problems: [{ code: 'extensionNotAllowed', ext: 'exe', file: 'virus.exe' }] });
  });

  it('edits tags on several messages and lists the tags with their counts', async () => {
    const a = await importFile('a.html', 'a');
    const b = await importFile('b.html', 'b', ['old']);
    const tagged = await call<{ updated: number }>(qualifier, 'POST', `${BASE}/messages/tags`, { messageIds: [a.body.id, b.body.id], add: ['lot-2'], remove: ['old'] });
    expect(tagged.body.updated).toBe(2);
    const tags = await call<{ tags: { tag: string; count: number }[] }>(qualifier, 'GET', `${BASE}/tags`);
    expect(tags.body.tags).toContainEqual({ tag: 'lot-2', count: 2 });
    expect(tags.body.tags.find((tag) => tag.tag === 'old')).toBeUndefined();
    // The search follows the new tags.
    const found = await call<BankPage>(qualifier, 'GET', `${BASE}/messages?search=lot-2`);
    expect(found.body.total).toBe(2);
    const deleted = await call<{ deleted: number }>(qualifier, 'POST', `${BASE}/messages/delete`, { messageIds: [a.body.id] });
    expect(deleted.body.deleted).toBe(1);
    expect((await call(qualifier, 'GET', `${BASE}/messages/${a.body.id}`)).status).toBe(404);
  });
});

describe('qualification', () => {
  const allKinds = (qualified: boolean): ExpectedValues => ({
    categories: { qualified, values: [{ key: 'category', document: null, format: 'string', value: 'Sinistre' }] },
    attachments_categories: { qualified, values: [] },
    extracted_informations: { qualified, values: [{ key: 'montant', document: null, format: 'number', value: 120.5 }] },
    extracted_informations_attachments: { qualified, values: [] },
    rpa: { qualified, values: [{ key: 'urgent', document: null, format: 'boolean', value: true }] },
  });

  it('moves a message from not to partially to fully qualified, and follows the parameters', async () => {
    const { body: message } = await importFile('etat.eml', 'Subject: x\r\n\r\ny');
    const url = `${BASE}/messages/${message.id}/expected`;
    const partial = await call<BankMessage>(qualifier, 'PUT', url, { expected: { categories: allKinds(true).categories } });
    expect(partial.body.qualification).toBe('partiallyQualified');
    const full = await call<BankMessage>(qualifier, 'PUT', url, { expected: allKinds(true) });
    expect(full.body.qualification).toBe('qualified');
    expect(full.body.expected.extracted_informations!.values[0]).toEqual({ key: 'montant', document: null, format: 'number', value: 120.5 });

    // A value not of its format is refused.
    const wrong = await call(qualifier, 'PUT', url, { expected: { categories: { qualified: true, values: [{ key: 'category', document: null, format: 'number', value: 'x' }] } } });
    expect(wrong.status).toBe(400);

    // Only the categories count: a message with only its categories qualified becomes qualified.
    await call<BankMessage>(qualifier, 'PUT', url, { expected: { categories: allKinds(true).categories } });
    const parameters = await call<{ kinds: Record<string, { ignored: boolean; visibility: string }> }>(configurator, 'GET', `${BASE}/parameters`);
    const onlyCategories = Object.fromEntries(Object.keys(parameters.body.kinds).map((kind) => [kind, { ignored: kind !== 'categories', visibility: 'public' }]));
    expect((await call(qualifier, 'PUT', `${BASE}/parameters`, { kinds: onlyCategories })).status).toBe(403);
    expect((await call(configurator, 'PUT', `${BASE}/parameters`, { kinds: onlyCategories })).status).toBe(200);
    expect((await call<BankMessage>(qualifier, 'GET', `${BASE}/messages/${message.id}`)).body.qualification).toBe('qualified');
    const qualifiedOnly = await call<BankPage>(qualifier, 'GET', `${BASE}/messages?qualification[]=qualified`);
    expect(qualifiedOnly.body.items.map((item) => item.id)).toContain(message.id);

    // Back to the defaults: the message is partially qualified again.
    const defaults = Object.fromEntries(Object.keys(parameters.body.kinds).map((kind) => [kind, { ignored: false, visibility: 'public' }]));
    await call(configurator, 'PUT', `${BASE}/parameters`, { kinds: defaults });
    expect((await call<BankMessage>(qualifier, 'GET', `${BASE}/messages/${message.id}`)).body.qualification).toBe('partiallyQualified');
  });

  it('hides private kinds from qualifiers and keeps their values when a qualifier saves', async () => {
    const { body: message } = await importFile('prive.eml', 'Subject: x\r\n\r\ny');
    const url = `${BASE}/messages/${message.id}/expected`;
    const kinds = Object.fromEntries(['categories', 'attachments_categories', 'extracted_informations', 'extracted_informations_attachments', 'rpa'].map((kind) => [kind, { ignored: false, visibility: kind === 'rpa' ? 'private' : 'public' }]));
    await call(configurator, 'PUT', `${BASE}/parameters`, { kinds });
    await call(configurator, 'PUT', url, { expected: allKinds(true) });
    const seen = await call<BankMessage>(qualifier, 'GET', `${BASE}/messages/${message.id}`);
    expect(Object.keys(seen.body.expected)).not.toContain('rpa');
    await call(qualifier, 'PUT', url, { expected: { ...seen.body.expected, categories: { qualified: true, values: [] } } });
    const after = await call<BankMessage>(configurator, 'GET', `${BASE}/messages/${message.id}`);
    expect(after.body.expected.rpa).toEqual(allKinds(true).rpa);
    expect(after.body.expected.categories).toEqual({ qualified: true, values: [] });
    await call(configurator, 'PUT', `${BASE}/parameters`, { kinds: Object.fromEntries(Object.keys(kinds).map((kind) => [kind, { ignored: false, visibility: 'public' }])) });
  });

  it('answers no obtained values while the message has no test run', async () => {
    const { body: message } = await importFile('sans-run.eml', 'Subject: x\r\n\r\ny');
    const latest = await call(qualifier, 'GET', `${BASE}/messages/${message.id}/latest-obtained`);
    expect(latest.body).toEqual({ obtained: null, run: null });
  });
});

describe('sets', () => {
  it('creates sets by tags and by hand, counts their messages, refuses a taken name and deletes', async () => {
    const a = await importFile('set-a.html', 'a', ['lot-set']);
    const b = await importFile('set-b.html', 'b', ['lot-set']);
    const c = await importFile('set-c.html', 'c');
    const byTags = await call<BankSet>(qualifier, 'POST', `${BASE}/sets`, { kind: 'tags', name: 'Lot set', tags: ['lot-set'] });
    expect(byTags.status).toBe(201);
    expect(byTags.body.messageCount).toBe(2);
    const manual = await call<BankSet>(qualifier, 'POST', `${BASE}/sets`, { kind: 'manual', name: 'Choisis', messageIds: [a.body.id, c.body.id, 'not-a-message'] });
    expect(manual.body.messageCount).toBe(2);
    const ids = await call<{ ids: string[]; states: string[] }>(qualifier, 'GET', `${BASE}/sets/${manual.body.id}/message-ids`);
    expect(ids.body.ids).toEqual([a.body.id, c.body.id]);
    expect(ids.body.states).toEqual(['notQualified', 'notQualified']);
    // The states follow qualification (the screen's progress bar reads them).
    await call(qualifier, 'PUT', `${BASE}/messages/${c.body.id}/expected`, { expected: { categories: { qualified: true, values: [] } } });
    expect((await call<{ states: string[] }>(qualifier, 'GET', `${BASE}/sets/${manual.body.id}/message-ids`)).body.states).toEqual(['notQualified', 'partiallyQualified']);
    const inSet = await call<BankPage>(qualifier, 'GET', `${BASE}/messages?setId=${byTags.body.id}`);
    expect(inSet.body.items.map((item) => item.id).sort()).toEqual([a.body.id, b.body.id].sort());
    // A message tagged later joins the tag set.
    await call(qualifier, 'POST', `${BASE}/messages/tags`, { messageIds: [c.body.id], add: ['lot-set'] });
    expect((await call<{ ids: string[] }>(qualifier, 'GET', `${BASE}/sets/${byTags.body.id}/message-ids`)).body.ids).toHaveLength(3);

    const taken = await call<{ code: string }>(qualifier, 'POST', `${BASE}/sets`, { kind: 'tags', name: 'Lot set', tags: ['x'] });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('setNameTaken');

    expect((await call(qualifier, 'DELETE', `${BASE}/sets/${manual.body.id}`)).status).toBe(204);
    const sets = await call<{ sets: BankSet[] }>(qualifier, 'GET', `${BASE}/sets`);
    expect(sets.body.sets.map((set) => set.name)).not.toContain('Choisis');
    // Its messages stay in the bank.
    expect((await call(qualifier, 'GET', `${BASE}/messages/${a.body.id}`)).status).toBe(200);
  });
});

describe('from production analyses', () => {
  it('adds an analysis with its files and obtained values as an unqualified starting point, once', async () => {
    const analysisId = await productionAnalysis('Résiliation');
    const url = `/v4/console/api/environment/demo-ic-prod/analyses/${analysisId}/testing-center`;
    const added = await call<{ message: BankMessage; alreadyInBank: boolean }>(qualifier, 'POST', url, { tags: ['prod'] });
    expect(added.status).toBe(201);
    expect(added.body.alreadyInBank).toBe(false);
    expect(added.body.message).toMatchObject({ source: 'analysis', sourceAnalysisId: analysisId, tags: ['prod'], qualification: 'notQualified' });
    const detail = await call<BankMessage>(qualifier, 'GET', `${BASE}/messages/${added.body.message.id}`);
    expect(detail.body.expected.categories).toEqual({ qualified: false, values: [{ key: 'category', document: null, format: 'string', value: 'Résiliation' }] });
    expect(detail.body.files.map((file) => file.name)).toEqual(['mail.eml']);

    const again = await call<{ message: BankMessage; alreadyInBank: boolean }>(qualifier, 'POST', url, {});
    expect(again.body).toMatchObject({ alreadyInBank: true, message: { id: added.body.message.id } });
  });

  it('refuses an anonymized analysis', async () => {
    const analysisId = await productionAnalysis('Y');
    await server.handle.db.update(analyses).set({ anonymizedAt: new Date() }).where(eq(analyses.id, analysisId));
    const refused = await call<{ code: string }>(qualifier, 'POST', `/v4/console/api/environment/demo-ic-prod/analyses/${analysisId}/testing-center`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('analysisAnonymized');
  });

  it('samples by filters with a preview count, stratified by category, and skips what the bank holds', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) ids.push(await productionAnalysis('Devis', { canal: 'web' }));
    for (let i = 0; i < 2; i += 1) ids.push(await productionAnalysis('Commande', { canal: 'web' }));
    await productionAnalysis('Devis', { canal: 'courrier' });
    const url = '/v4/console/api/environment/demo-ic-prod/testing-center/sampling';
    const criteria = { maxCount: 5, metadata: { canal: 'web' }, categories: ['devis', 'commande'], stratifyByCategory: true };

    const preview = await call<SamplingPreview>(qualifier, 'POST', `${url}/preview`, criteria);
    expect(preview.body).toMatchObject({ matching: 10, selected: 5, alreadyInBank: 0 });
    expect(preview.body.perCategory).toEqual([
      { category: 'Devis', count: 4 },
      { category: 'Commande', count: 1 },
    ]);

    const run = await call<{ added: number }>(qualifier, 'POST', url, { ...criteria, tags: ['echantillon'] });
    expect(run.body.added).toBe(5);
    const sampled = await call<BankPage>(qualifier, 'GET', `${BASE}/messages?tags[]=echantillon`);
    expect(sampled.body.total).toBe(5);
    expect(sampled.body.items.every((item) => item.source === 'sampling' && ids.includes(item.sourceAnalysisId!))).toBe(true);

    const after = await call<SamplingPreview>(qualifier, 'POST', `${url}/preview`, criteria);
    expect(after.body).toMatchObject({ matching: 10, alreadyInBank: 5, selected: 5 });

    // An id list instead of the filters.
    const byIds = await call<SamplingPreview>(qualifier, 'POST', `${url}/preview`, { maxCount: 10, ids: [ids[0], 'unknown'] });
    expect(byIds.body).toMatchObject({ matching: 1 });
    const badRange = await call(qualifier, 'POST', `${url}/preview`, { maxCount: 10, from: '2026-02-01T00:00:00Z', to: '2026-01-01T00:00:00Z' });
    expect(badRange.status).toBe(400);
  });
});

describe('labelling vocabulary', () => {
  const vocabularyUrl = (environmentId: string) => `/v4/console/api/environment/${environmentId}/testing-center/vocabulary`;

  it("offers the environment's categories and extraction fields with their labels and formats", async () => {
    const { status, body } = await call<LabellingVocabulary>(configurator, 'GET', vocabularyUrl('demo-nlu-prod'));
    expect(status).toBe(200);
    expect(body.categories.filter((category) => category.target === 'body').map((category) => category.name)).toEqual(
      expect.arrayContaining(['Déclaration de sinistre', 'Résiliation', 'Demande de devis', "Changement d'adresse"]),
    );
    expect(body.fields).toContainEqual({ name: 'numeroContrat', label: 'Numéro de contrat', format: 'string', attachment: false });
  });

  it('reads what the configuration holds now: a disabled category is not offered, an attachment module gives attachment fields', async () => {
    const db = server.handle.db;
    const settings = readSettings((await db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, 'demo-nlu-recette')))[0]!.settings);
    const modules = settings.modules.map((module) =>
      module.type === 'categorization'
        ? { ...module, config: { ...module.config, categories: [{ id: 'x', name: 'Éteinte', enabled: false, rules: [] }, { id: 'y', name: 'Pièce', target: 'attachment', rules: [] }] } }
        : module.type === 'extraction'
          ? { ...module, inputType: 'attachment' as const, config: { ...module.config, fields: [{ id: 'f', name: 'iban', label: 'IBAN', format: 'string', source: { type: 'builtin', builtin: 'iban' } }] } }
          : module,
    );
    // Read once before the change: the answer must not come from a cache of the old configuration.
    expect((await call<LabellingVocabulary>(configurator, 'GET', vocabularyUrl('demo-nlu-recette'))).body.fields.length).toBeGreaterThan(1);
    await db.update(environments).set({ settings: { ...settings, modules } }).where(eq(environments.id, 'demo-nlu-recette'));
    const { body } = await call<LabellingVocabulary>(configurator, 'GET', vocabularyUrl('demo-nlu-recette'));
    expect(body.categories.map((category) => category.name)).not.toContain('Éteinte');
    expect(body.categories).toContainEqual({ name: 'Pièce', description: '', target: 'attachment' });
    expect(body.fields).toEqual([{ name: 'iban', label: 'IBAN', format: 'string', attachment: true }]);
  });

  it('is refused to a cockpit viewer, to a qualifier without access to the project, and a private environment is hidden from a qualifier', async () => {
    expect((await call(viewer, 'GET', vocabularyUrl('demo-ic-prod'))).status).toBe(403);
    const guest = await signIn(server.app, 'guest');
    expect([403, 404]).toContain((await call(guest, 'GET', vocabularyUrl('demo-nlu-prod'))).status);
    expect((await call(guest, 'GET', vocabularyUrl('demo-ic-prod'))).status).toBe(200);
    expect((await call(qualifier, 'GET', vocabularyUrl('demo-nlu-prod'))).status).toBe(200);
    expect([403, 404]).toContain((await call(qualifier, 'GET', vocabularyUrl('demo-ic-recette'))).status);
  });
});

describe('permissions (§6)', () => {
  it('refuses a cockpit viewer every bank call and a qualifier the project it has no access to', async () => {
    expect((await call(viewer, 'GET', `${BASE}/messages`)).status).toBe(403);
    expect((await importFile('x.html', 'x', [], viewer)).status).toBe(403);
    const guest = await signIn(server.app, 'guest');
    expect((await call(guest, 'GET', `${BASE}/messages`)).status).toBe(200);
    expect([403, 404]).toContain((await call(guest, 'GET', '/v4/console/api/project/demo-nlu/testing-center/messages')).status);
  });

  it('keeps each project to its own bank', async () => {
    const { body: message } = await importFile('ic-only.html', 'x');
    const other = await call(qualifier, 'GET', `/v4/console/api/project/demo-nlu/testing-center/messages/${message.id}`);
    expect(other.status).toBe(404);
  });
});

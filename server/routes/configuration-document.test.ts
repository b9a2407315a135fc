/**
 * The configuration IDE's document: the seeded demo configurations read back unchanged, problems on
 * their lines, a save that applies settings and NLU in one transaction with a version, and a save
 * failing mid-way (after the settings and NLU writes) that leaves everything as it was.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDocumentText } from '../../src/configuration-document/text';
import { CONFIGURATION_DOCUMENT_MAX_CHARS, type DocumentProblem } from '../../src/contract/configuration-document';
import type { EnvironmentSettings } from '../../src/contract/environments';
import type { EnvironmentVersion } from '../../src/contract/versions';
import { storedDocument } from '../configuration-document/stored';
import { runDocumentCheck } from '../module-workers/document-check-task';
import { environments } from '../db/schema';
import { nluFunctions, nluInteractions } from '../db/schema-nlu';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
const headers: Record<string, { authorization: string }> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['admin', 'configurator', 'sre']) headers[user] = { authorization: `Bearer ${await signIn(server.app, user)}` };
});
afterAll(() => server.close());

const call = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url: `/v4/console/api/environment${url}`, headers: headers[user], payload });
const documentText = async (envId: string) => (await call('configurator', 'GET', `/${envId}/configuration/document`)).json<{ text: string }>().text;
const lineOf = (text: string, fragment: string) => text.split('\n').findIndex((row) => row.includes(fragment)) + 1;

describe('configuration document', () => {
  it('reads every seeded demo configuration back unchanged from its text', async () => {
    for (const envId of ['demo-nlu-prod', 'demo-nlu-recette', 'demo-ic-prod']) {
      const text = await documentText(envId);
      const read = readDocumentText(text);
      expect(read.problems).toEqual([]);
      expect(read.document).toEqual(await storedDocument(server.handle.db, envId));
      const again = await call('configurator', 'PUT', `/${envId}/configuration/document`, { text, versionName: 'Same' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'configurationUnchanged' });
    }
    expect(await documentText('demo-nlu-prod')).toContain('resilierContrat');
  });

  it('lists a rule naming a missing interaction and a syntax error with their lines', async () => {
    const text = await documentText('demo-nlu-prod');
    const broken = text.replace('interaction: resilierContrat', 'interaction: resilierContrats');
    const checked = (await call('sre', 'POST', '/demo-nlu-prod/configuration/document/check', { text: broken })).json<{ problems: DocumentProblem[] }>();
    const problem = checked.problems.find((p) => p.code === 'unknownInteraction');
    expect(problem).toMatchObject({ source: 'message', params: { interaction: 'resilierContrats' } });
    expect(problem!.line).toBe(lineOf(broken, 'interaction: resilierContrats'));

    const syntax = text.replace('defaultCategory: Autre', 'defaultCategory: [Autre');
    const refused = await call('configurator', 'PUT', '/demo-nlu-prod/configuration/document', { text: syntax, versionName: 'Cassé' });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; params: { line: number; message: string }; problems: DocumentProblem[] }>();
    expect(body.code).toBe('configurationSyntax');
    expect(body.params.line).toBeGreaterThanOrEqual(lineOf(syntax, 'defaultCategory: [Autre'));
    expect(body.params.message).not.toBe('');
  });

  it('refuses an alias with 400 configurationAlias at its line, on check and save, instead of failing', async () => {
    const text = await documentText('demo-ic-prod');
    // An anchor on the first `false`, an alias in place of the second.
    const aliased = text.replace(/: false$/m, ': &no false').replace(/: false$/m, ': *no');
    const line = lineOf(aliased, ': *no');
    const refused = await call('configurator', 'PUT', '/demo-ic-prod/configuration/document', { text: aliased, versionName: 'Alias' });
    expect(refused.statusCode, refused.body.slice(0, 300)).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'configurationAlias', params: { line } });
    const checked = await call('configurator', 'POST', '/demo-ic-prod/configuration/document/check', { text: aliased });
    expect(checked.statusCode).toBe(200);
    expect(checked.json<{ blocking: DocumentProblem[] }>().blocking).toEqual([expect.objectContaining({ code: 'configurationAlias', line })]);
  });

  it('refuses a document past the size limit unread, naming the limit, and a body past it with 413', async () => {
    const text = `${await documentText('demo-ic-prod')}#${'x'.repeat(CONFIGURATION_DOCUMENT_MAX_CHARS)}\n`;
    for (const [method, url, payload] of [
      ['PUT', '/demo-ic-prod/configuration/document', { text, versionName: 'Big' }],
      ['POST', '/demo-ic-prod/configuration/document/check', { text }],
    ] as const) {
      const refused = await call('configurator', method, url, payload);
      expect(refused.statusCode, refused.body.slice(0, 300)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'configurationTooLarge', limit: CONFIGURATION_DOCUMENT_MAX_CHARS });
    }
    const escaped = '\u0001'.repeat(CONFIGURATION_DOCUMENT_MAX_CHARS);
    const tooLong = await call('configurator', 'POST', '/demo-ic-prod/configuration/document/check', { text: escaped });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toMatchObject({ code: 'bodyTooLarge' });
  });

  it('applies settings and NLU changes in one transaction that creates a version, keeping what the text does not carry', async () => {
    const envId = 'demo-nlu-recette';
    const [interaction] = await server.handle.db.select().from(nluInteractions).where(eq(nluInteractions.environmentId, envId)).limit(1);
    await server.handle.db
      .insert(nluFunctions)
      .values({ id: 'fn-keep', environmentId: envId, name: 'keepMe', kind: 'interactionAfter', interactionToFind: 'declarerSinistre' });
    await server.handle.db.update(nluInteractions).set({ distance: 7, functions: ['keepMe'] }).where(eq(nluInteractions.id, interaction!.id));

    const text = (await documentText(envId)).replace('name: Résiliation', 'name: Résiliation de contrat').replace("- name: produit\n", '- name: produitAssure\n');
    const checked = (await call('configurator', 'POST', `/${envId}/configuration/document/check`, { text })).json<{ changes: { path: string[]; kind: string }[] }>();
    expect(checked.changes.map((change) => [change.path.join('.'), change.kind])).toEqual(
      expect.arrayContaining([
        ['nlu.archetypes.produit', 'removed'],
        ['nlu.archetypes.produitAssure', 'added'],
      ]),
    );
    expect(checked.changes.some((change) => change.path[0] === 'modules')).toBe(true);

    const saved = await call('configurator', 'PUT', `/${envId}/configuration/document`, { text, versionName: 'Depuis l’IDE' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: { name: 'Depuis l’IDE', author: 'configurator' } });

    expect(await documentText(envId)).toContain('name: Résiliation de contrat');
    const categorization = await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${envId}/modules/demo-categorization/categorization`, headers: headers.configurator });
    expect(categorization.json<{ config: { categories: { name: string }[] } }>().config.categories.map((c) => c.name)).toContain('Résiliation de contrat');
    const archetypes = (await call('configurator', 'GET', `/${envId}/nlu/archetypes`)).json<{ name: string }[]>().map((a) => a.name);
    expect(archetypes).toContain('produitAssure');
    expect(archetypes).not.toContain('produit');
    const versions = (await call('configurator', 'GET', `/${envId}/versions`)).json<EnvironmentVersion[]>();
    expect(versions[0]).toMatchObject({ name: 'Depuis l’IDE' });
    // The interaction function and the distance are not in the NLU export format: kept as they were.
    expect((await server.handle.db.select().from(nluFunctions).where(eq(nluFunctions.environmentId, envId))).map((f) => f.name)).toEqual(['keepMe']);
    const [kept] = await server.handle.db.select().from(nluInteractions).where(and(eq(nluInteractions.environmentId, envId), eq(nluInteractions.name, interaction!.name)));
    expect(kept).toMatchObject({ distance: 7, functions: ['keepMe'] });
  });

  it('saves the interaction functions, distances, function lists and archetype notes written in the text', async () => {
    const envId = 'demo-nlu-recette';
    const text = await documentText(envId);
    // The stored ones are in the text (the test above left a function, a list and a distance of 7).
    expect(text).toContain('distance: 7');
    expect(text).toContain("notes: Produits d'assurance.");
    expect(text).toMatch(/functions:\n\s+- name: keepMe/);
    const edited = text
      .replace('distance: 7', 'distance: 3')
      .replace(/functions:\n(\s+)- name: keepMe\n/, 'functions:\n$1- name: autourDuContrat\n$1  kind: interactionAround\n$1  stringValue: contrat\n$1- name: keepMe\n')
      .replace("notes: Produits d'assurance.", 'notes: Le produit assuré');
    const saved = await call('configurator', 'PUT', `/${envId}/configuration/document`, { text: edited, versionName: 'Fonctions depuis l’IDE' });
    expect(saved.statusCode, saved.body.slice(0, 600)).toBe(200);
    const functions = (await call('configurator', 'GET', `/${envId}/nlu/functions`)).json<{ id: string; name: string; stringValue: string | null }[]>();
    expect(functions.map((fn) => [fn.name, fn.stringValue])).toEqual(expect.arrayContaining([['autourDuContrat', 'contrat'], ['keepMe', null]]));
    expect(functions.find((fn) => fn.name === 'keepMe')!.id).toBe('fn-keep');
    const interactions = await server.handle.db.select().from(nluInteractions).where(eq(nluInteractions.environmentId, envId));
    expect(interactions.find((row) => row.functions.includes('keepMe'))).toMatchObject({ distance: 3 });
    const archetypes = (await call('configurator', 'GET', `/${envId}/nlu/archetypes`)).json<{ name: string; notes: string }[]>();
    expect(archetypes.find((a) => a.name === 'produitAssure')!.notes).toBe('Le produit assuré');
    // Read back, the text is what was saved.
    expect(readDocumentText(await documentText(envId)).document).toEqual(readDocumentText(edited).document);
  });

  it('leaves settings, NLU and versions unchanged when the save fails after its writes', async () => {
    const envId = 'demo-nlu-prod';
    const before = await documentText(envId);
    expect((await call('configurator', 'POST', `/${envId}/versions`, { name: 'Déjà pris' })).statusCode).toBe(201);
    const versionsBefore = (await call('configurator', 'GET', `/${envId}/versions`)).json<EnvironmentVersion[]>();
    // Settings and NLU change; the version name clashes only at the last write of the transaction.
    const text = before.replace('name: Résiliation', 'name: Résiliation ratée').replace("- name: produit\n", '- name: produitRate\n');
    const failed = await call('configurator', 'PUT', `/${envId}/configuration/document`, { text, versionName: 'Déjà pris' });
    expect(failed.statusCode).toBe(409);
    expect(failed.json()).toMatchObject({ code: 'versionNameTaken', params: { name: 'Déjà pris' } });
    expect(await documentText(envId)).toBe(before);
    expect((await call('configurator', 'GET', `/${envId}/versions`)).json()).toEqual(versionsBefore);
  });

  it('refuses a module config that is not its module\'s only when the save touches that module', async () => {
    const created = await server.app.inject({
      method: 'POST',
      url: '/v4/console/api/project/demo-nlu/environments',
      headers: headers.admin,
      payload: { name: 'Modèle assurance', source: { kind: 'template', template: 'insurance:meeting' } },
    });
    const envId = created.json<{ id: string }>().id;
    // Stored before a rule was tightened: the extraction module lists its fields as names, not as field objects.
    const [row] = await server.handle.db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, envId));
    const stored = row!.settings as EnvironmentSettings;
    const modules = stored.modules.map((module) => (module.type === 'extraction' ? { ...module, config: { fields: ['numero_contrat', 'telephone'] } } : module));
    await server.handle.db.update(environments).set({ settings: { ...stored, modules } }).where(eq(environments.id, envId));
    const text = await documentText(envId);
    const checked = (await call('configurator', 'POST', `/${envId}/configuration/document/check`, { text })).json<{ problems: DocumentProblem[]; blocking: DocumentProblem[] }>();
    expect(checked.problems.some((p) => p.source === 'schema' && p.path.includes('fields'))).toBe(true);
    expect(checked.blocking).toEqual([]);

    const retention = text.replace('debugMode: false', 'debugMode: true');
    expect(retention).not.toBe(text);
    expect((await call('configurator', 'PUT', `/${envId}/configuration/document`, { text: retention, versionName: 'Conservation' })).statusCode).toBe(200);

    const touched = retention.replace('name: Extraction des informations du contrat', 'name: Extraction du contrat');
    const refused = await call('configurator', 'PUT', `/${envId}/configuration/document`, { text: touched, versionName: 'Extraction' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'configurationSchema' });
    // The issue travels as its code and facts; the answer's message (French by default) holds no zod English.
    const schemaBody = refused.json<{ message: string; params: Record<string, unknown> }>();
    expect(schemaBody.params).toMatchObject({ issue: expect.any(String), place: expect.stringContaining('settings.modules.') });
    expect(schemaBody.message).toMatch(/^Configuration invalide, ligne \d+ : settings\.modules\.\d+\.config\.fields\.0 : message du validateur de schéma : Entrée invalide : objet attendu, chaîne de caractères reçu/);
    expect(refused.json<{ params: { line: number } }>().params.line).toBeGreaterThan(lineOf(touched, 'name: Extraction du contrat'));
  });

  it('refuses an NLU item the import leaves out by its code and parameters, not an English sentence', async () => {
    const text = await documentText('demo-nlu-prod');
    const broken = text.replace('- name: adresse\n      langs:\n        - fr\n', '- name: adresse\n      langs:\n        - xx\n');
    expect(broken).not.toBe(text);
    const refused = await call('configurator', 'PUT', '/demo-nlu-prod/configuration/document', { text: broken, versionName: 'Langue' });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ code: string; message: string; params: Record<string, string> }>();
    expect(body).toMatchObject({ code: 'configurationNluItem', params: { at: 'archetypes[0]', item: 'unknownLanguage', language: 'xx' } });
    expect(body.params.message).toBeUndefined();
    // The answer's message, in the default language: the item's reason translated, no English inside.
    expect(body.message).toBe('Élément NLU refusé (archetypes[0]) : la langue inconnue « xx » a été laissée de côté');
  });

  it('refuses a blocking configuration message of a changed module with its line', async () => {
    const text = await documentText('demo-nlu-prod');
    const broken = text.replace('defaultCategory: Autre', 'defaultCategory: "   "');
    const refused = await call('configurator', 'PUT', '/demo-nlu-prod/configuration/document', { text: broken, versionName: 'Vide' });
    expect(refused.statusCode).toBe(422);
    const body = refused.json<{ code: string; problems: DocumentProblem[] }>();
    expect(body.code).toBe('configurationInvalid');
    expect(body.problems[0]).toMatchObject({ code: 'defaultCategoryEmpty', line: lineOf(broken, 'defaultCategory: "   "') });
  });

  it('answers a save only what it reads: a refused or unchanged document keeps its changes and other problems in the worker', async () => {
    const text = await documentText('demo-nlu-prod');
    const stored = await storedDocument(server.handle.db, 'demo-nlu-prod');
    const check = (changed: string) => runDocumentCheck({ kind: 'documentCheck', text: changed, stored });
    // Refused: a blocking message, beside other changes.
    const refused = check(text.replace('defaultCategory: Autre', 'defaultCategory: "   "').replace('interaction: resilierContrat', 'interaction: resilierContrats'));
    expect(refused).toMatchObject({ parsed: true, problems: [], incoming: null, changes: { settings: [], nlu: [] } });
    expect(refused.blocking.map((problem) => problem.code)).toContain('defaultCategoryEmpty');
    expect(check(text)).toMatchObject({ parsed: true, blocking: [], incoming: null, changes: { settings: [], nlu: [] } });
    const savable = check(text.replace('defaultCategory: Autre', 'defaultCategory: Divers'));
    expect(savable.changes.settings.length).toBeGreaterThan(0);
    expect(savable.incoming?.settings).toBeDefined();
    const unreadable = check(`${text}\n  : [`);
    expect(unreadable.parsed).toBe(false);
    expect(unreadable.problems.length).toBeGreaterThan(0);
  });
});

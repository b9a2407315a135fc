/**
 * The browser's replay of a test run gives the server's outcomes: a real run of the demo NLU
 * environment on the demo bank (mails with PDF attachments, categories and extracted fields) and on
 * generated mails, then each message replayed from `GET …/tests/{testId}/replay` with the NLU lists
 * the console fetches, through src/testing-center/replay.ts, evaluated with the run's domain rules:
 * every message's outcomes equal the run's. The replay answer is a configurator's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Archetype, NluServer } from '../../src/contract/nlu';
import { WhatIfSession } from '../../src/testing-center/what-if-session';
import { archetypeWithChange, relaxedFieldConfig, type WhatIfChange } from '../../src/testing-center/what-if-change';
import type { TestReplay, TestRunSummary } from '../../src/contract/testing-runs';
import { replayOutcomes } from '../../src/testing-center/what-if';
import { replaySetupOf, type ReplayNluLists } from '../../src/testing-center/replay-setup';
import { nluSourceOf } from '../../src/nlu/source-of';
import { createNluRuntime } from '../nlu/runtime';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';
import { runsClient } from './runs-test-client';
import { insertBankMessage, insertManualSet, mailFile } from './test-support';
import type { ExpectedValues } from '../../src/contract/testing-center';
import { bankMessages } from '../db/schema';
import { eq } from 'drizzle-orm';

let server: TestServer;
let configurator: Record<string, string>;
let qualifier: Record<string, string>;
const PROJECT = 'demo-nlu';
const ENVIRONMENT = 'demo-nlu-prod';
const runs = runsClient(() => server, PROJECT, () => configurator);

/** Sentences of the demo's categories and of none, mixed into mails nobody wrote by hand. */
const SENTENCES = [
  'Je souhaite résilier mon contrat AB-70137 à sa date d\'échéance.',
  'Please cancel my policy AB-70411 at its renewal date.',
  'Je déclare un sinistre survenu le 4 novembre 2026 : dégât des eaux. Montant estimé des dommages : 1750 €.',
  'I would like to report a claim: a storm damaged my roof. Estimated damage: 2250 EUR.',
  "Pourriez-vous m'envoyer un devis pour assurer un appartement de 55 m² ?",
  'Could you send me a quote to insure a 60 m² flat in Lyon?',
  "J'ai déménagé : ma nouvelle adresse est 12 rue des Lilas, 69003 Lyon.",
  'I have moved: my new address is 14 Rose Street, 69003 Lyon.',
  "Je n'arrive plus à me connecter à mon espace client.",
  'Merci de votre retour rapide.',
  'The weather in Lyon was lovely last week.',
];
const CATEGORIES = ['Déclaration de sinistre', 'Résiliation', 'Demande de devis', "Changement d'adresse", 'Autre'];

/** A small deterministic generator: the same mails on every run of the test. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

function generatedExpected(pick: (below: number) => number): ExpectedValues {
  const category = CATEGORIES[pick(CATEGORIES.length)]!;
  return {
    categories: { qualified: true, values: [{ key: 'category', document: null, format: 'string', value: category }] },
    extracted_informations: { qualified: pick(2) === 0, values: pick(2) === 0 ? [{ key: 'numero_contrat', document: null, format: 'string', value: 'AB-70137' }] : [] },
  };
}

beforeAll(async () => {
  server = await createTestServer({ nlu: createNluRuntime({ startupMs: 0 }) });
  configurator = { authorization: `Bearer ${await signIn(server.app, 'configurator')}` };
  qualifier = { authorization: `Bearer ${await signIn(server.app, 'qualifier')}` };
});

afterAll(async () => {
  await server?.close();
});

async function nluLists(): Promise<ReplayNluLists> {
  const read = async <T>(segment: string) => {
    const response = await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${ENVIRONMENT}/nlu/${segment}`, headers: configurator });
    expect(response.statusCode).toBe(200);
    return response.json<T>();
  };
  return { archetypes: await read('archetypes'), contexts: await read('contexts'), interactions: await read('interactions'), functions: await read('functions'), servers: await read<NluServer[]>('servers') };
}

async function replayOf(runId: string): Promise<TestReplay> {
  const response = await server.app.inject({ method: 'GET', url: `${runs.base}/tests/${runId}/replay`, headers: configurator });
  expect(response.statusCode).toBe(200);
  return response.json<TestReplay>();
}

async function launchOn(setId: string): Promise<string> {
  const launched = await runs.launch({ environmentId: ENVIRONMENT, setId });
  expect(launched.statusCode).toBe(202);
  const runId = launched.json<TestRunSummary>().id;
  expect((await runs.finished(runId)).status).toBe('finished');
  return runId;
}

/** Every replayed message's outcomes against the run's; answers how many were replayed. */
async function expectSameOutcomes(runId: string): Promise<number> {
  const replay = await replayOf(runId);
  const lists = await nluLists();
  const setup = replaySetupOf(replay.settings, nluSourceOf(lists), lists.servers, 'replay-test');
  const replayed = replay.messages.filter((message) => message.input !== null);
  for (const message of replayed) {
    expect({ name: message.name, outcomes: replayOutcomes(message, replay, setup).outcomes }).toEqual({ name: message.name, outcomes: message.outcomes });
  }
  return replayed.length;
}

describe('replaying a test run in the browser', { timeout: 300_000 }, () => {
  it('gives every message of the demo bank the outcomes the server run gave it', async () => {
    const runId = await launchOn('demo-bank-set-all');
    const replay = await replayOf(runId);
    expect(replay.messages.length).toBeGreaterThanOrEqual(40);
    // The extracted text is there, the mail's HTML is not (the engines read the blocks).
    const withAttachment = replay.messages.find((message) => (message.input?.extraction.documents.length ?? 0) > 1);
    expect(withAttachment?.input?.extraction.documents.some((document) => document.source === 'attachment' && document.blocks.length > 0)).toBe(true);
    expect(replay.messages.every((message) => message.input === null || message.input.extraction.documents.every((document) => document.html === null))).toBe(true);
    expect(await expectSameOutcomes(runId)).toBeGreaterThanOrEqual(40);
    // Real work was compared: categories found and fields extracted, right and wrong.
    const rows = (kind: 'categories' | 'extracted_informations', outcome: string) => replay.messages.filter((message) => message.outcomes[kind]?.some((row) => row.outcome === outcome)).length;
    expect(rows('categories', 'TP')).toBeGreaterThan(20);
    expect(rows('extracted_informations', 'TP')).toBeGreaterThan(5);
  });

  it('gives generated mails the outcomes the server run gave them', async () => {
    const pick = generator(20_261_201);
    const ids: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      const body = Array.from({ length: 1 + pick(3) }, () => SENTENCES[pick(SENTENCES.length)]!).join('\n\n');
      ids.push(await insertBankMessage(server.handle.db, PROJECT, { name: `generated-${index}.eml`, content: mailFile(`Message ${index}`, body), expected: generatedExpected(pick) }));
    }
    const setId = await insertManualSet(server.handle.db, PROJECT, 'Generated', ids);
    expect(await expectSameOutcomes(await launchOn(setId))).toBe(30);
    for (const id of ids) await server.handle.db.delete(bankMessages).where(eq(bankMessages.id, id));
  });

  it('proposes dictionary words from missed messages; trying them in the browser gives what a server run gives once they are saved', async () => {
    const db = server.handle.db;
    // Cancellations worded in ways the demo dictionary does not know: the run misses them.
    const missedTexts = [
      "Je voudrais arrêter mon contrat AB-70001 à la fin du mois.",
      'Merci d\'arrêter mon assurance habitation, contrat AB-70002.',
      'Pouvez-vous arrêter le contrat AB-70003 dès que possible ?',
      'Je vous demande de clôturer mon contrat AB-70004.',
      'Merci de clôturer le contrat AB-70005 au 31 décembre.',
      'Je veux arrêter ma couverture, contrat AB-70006.',
    ];
    const ids = [];
    for (const [index, text] of missedTexts.entries()) {
      ids.push(await insertBankMessage(db, PROJECT, { name: `fin-${index}.eml`, content: mailFile('Mon contrat', text), expected: { categories: { qualified: true, values: [{ key: 'category', document: null, format: 'string', value: 'Résiliation' }] } } }));
    }
    const demo = (await db.select({ id: bankMessages.id }).from(bankMessages).where(eq(bankMessages.projectId, PROJECT))).map((row) => row.id).filter((id) => id.startsWith('demo-'));
    const setId = await insertManualSet(db, PROJECT, 'Missed cancellations', [...demo, ...ids]);
    const runId = await launchOn(setId);
    const session = new WhatIfSession(await replayOf(runId), await nluLists());
    expect(session.baseline().drift).toEqual([]);

    const proposal = session.proposals().find((entry) => entry.type === 'dictionary' && entry.category === 'Résiliation');
    expect(proposal).toMatchObject({ type: 'dictionary', interaction: 'resilierContrat', parameter: 'resiliation', change: { archetype: 'resiliation', language: 'fr' } });
    expect(proposal!.change.type === 'dictionary' && proposal!.change.words).toEqual(expect.arrayContaining(['arrêter', 'clôturer']));
    expect(proposal!.messages.sort()).toEqual([...ids].sort());

    const tried = session.evaluate(proposal!.change);
    expect(tried.deltas.find((delta) => delta.value === 'Résiliation')).toMatchObject({ tp: 6, fn: -6 });
    expect(tried.metrics.categories!.after.micro.f1).toBeGreaterThan(tried.metrics.categories!.before.micro.f1);

    // Saved for real, a server run on the same messages gives every message the outcomes tried.
    const archetypes = (await server.app.inject({ method: 'GET', url: `/v4/console/api/environment/${ENVIRONMENT}/nlu/archetypes`, headers: configurator })).json<Archetype[]>();
    const archetype = archetypes.find((entry) => entry.name === 'resiliation')!;
    const saved = await server.app.inject({ method: 'PUT', url: `/v4/console/api/environment/${ENVIRONMENT}/nlu/archetypes/${archetype.id}`, headers: configurator, payload: archetypeWithChange(archetype, proposal!.change as Extract<WhatIfChange, { type: 'dictionary' }>) });
    expect(saved.statusCode).toBe(200);
    const after = await replayOf(await launchOn(setId));
    const triedOutcomes = new Map(tried.changed.map((entry) => [entry.messageId, entry.after]));
    for (const message of after.messages) {
      const expected = triedOutcomes.get(message.messageId);
      if (expected !== undefined) expect({ name: message.name, rows: message.outcomes.categories }).toEqual({ name: message.name, rows: expected });
    }
    expect(after.messages.filter((message) => message.outcomes.categories?.some((row) => row.value === 'Résiliation' && row.outcome === 'TP')).length).toBeGreaterThanOrEqual(10);
    // The demo environment back as it was for the other tests.
    await server.app.inject({ method: 'PUT', url: `/v4/console/api/environment/${ENVIRONMENT}/nlu/archetypes/${archetype.id}`, headers: configurator, payload: { name: archetype.name, dictionaries: archetype.dictionaries, notes: archetype.notes } });
    for (const id of ids) await db.delete(bankMessages).where(eq(bankMessages.id, id));
  });

  it('proposes to read a field more loosely where it finds values the run missed; the server agrees once it is saved', async () => {
    const db = server.handle.db;
    // Contract numbers written in lower case: the demo's pattern is case-sensitive and misses them.
    const contracts = ['ab-71001', 'ab-71002', 'ab-71003'];
    const ids = [];
    for (const [index, contract] of contracts.entries()) {
      ids.push(
        await insertBankMessage(db, PROJECT, {
          name: `minuscules-${index}.eml`,
          content: mailFile('Mon dossier', `Bonjour, mon contrat ${contract} est concerné, merci.`),
          expected: { extracted_informations: { qualified: true, values: [{ key: 'numeroContrat', document: null, format: 'string', value: contract }] } },
        }),
      );
    }
    const setId = await insertManualSet(db, PROJECT, 'Lower-case contracts', ids);
    const session = new WhatIfSession(await replayOf(await launchOn(setId)), await nluLists());
    expect(session.baseline().drift).toEqual([]);
    const fields = session.proposals().filter((entry) => entry.type === 'field');
    // Only the loosening that wins values back is proposed, with the messages it wins.
    expect(fields.map((entry) => [entry.field, entry.change.relaxation])).toEqual([['numeroContrat', 'ignoreCase']]);
    expect(fields[0]!.messages.sort()).toEqual([...ids].sort());
    const tried = session.evaluate(fields[0]!.change);
    expect(tried.deltas.find((delta) => delta.value === 'numeroContrat')).toMatchObject({ tp: 3, fn: -3 });

    // Saved for real through the extraction endpoint, a server run finds the three.
    const moduleId = fields[0]!.change.type === 'field' ? fields[0]!.change.moduleId : '';
    const url = `/v4/console/api/environment/${ENVIRONMENT}/modules/${moduleId}/extraction`;
    const before = (await server.app.inject({ method: 'GET', url, headers: configurator })).json<{ config: unknown }>().config;
    const saved = await server.app.inject({ method: 'PUT', url, headers: configurator, payload: { config: relaxedFieldConfig(before, fields[0]!.change as Extract<WhatIfChange, { type: 'field' }>) } });
    expect(saved.statusCode).toBe(200);
    const after = await replayOf(await launchOn(setId));
    expect(after.messages.map((message) => message.outcomes.extracted_informations?.find((row) => row.value === 'numeroContrat')?.outcome)).toEqual(['TP', 'TP', 'TP']);
    await server.app.inject({ method: 'PUT', url, headers: configurator, payload: { config: before } });
    for (const id of ids) await db.delete(bankMessages).where(eq(bankMessages.id, id));
  });

  it('is answered to configurators only, and the results page does not carry the extracted text', async () => {
    const [run] = (await server.app.inject({ method: 'GET', url: `${runs.base}/tests`, headers: configurator })).json<TestRunSummary[]>();
    const refused = await server.app.inject({ method: 'GET', url: `${runs.base}/tests/${run!.id}/replay`, headers: qualifier });
    expect(refused.statusCode).toBe(403);
    const detail = await server.app.inject({ method: 'GET', url: `${runs.base}/tests/${run!.id}`, headers: qualifier });
    expect(detail.body).not.toContain('replayInput');
    expect(detail.body).not.toContain('Estimated damage');
    const missing = await server.app.inject({ method: 'GET', url: `${runs.base}/tests/no-such-run/replay`, headers: configurator });
    expect(missing.json()).toMatchObject({ code: 'testNotFound' });
  });
});

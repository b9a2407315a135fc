/**
 * The analysis modules' CPU work runs in module workers (ARCHITECTURE "Threads"): a tenant's
 * categorization that would hold a thread for seconds neither freezes the server (its event loop keeps
 * answering) nor costs the analysis more than that module, stopped at its deadline with a translated
 * message (the memory cap is shown on the pool itself: server/module-workers/module-pool.test.ts).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test-support/test-server';
import { inEnglish, inFrench } from '../test-support/pipeline-text';
import { createEnvironment, fixture, queueAnalysis, waitForEnd } from './testing/analyses';

// Read at each task.
process.env.POSTROOM_MODULE_DEADLINE_MS = '2000';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 30_000 } });
}, 60_000);
afterAll(() => server.close());

/** A categorization whose advanced program runs `program` on every document. */
const categorization = (program: string) => ({
  id: 'c',
  type: 'categorization' as const,
  name: 'Tri',
  config: { categories: [{ id: 'k', name: 'Courrier', rules: [] }], defaultCategory: 'Courrier', advanced: { enabled: true, program } },
});
const modules = (program: string) => [
  { id: 'x', type: 'extractor' as const, name: 'Extracteur' },
  categorization(program),
  { id: 'e', type: 'extraction' as const, name: 'Extraction', config: { fields: [{ id: 'f', name: 'sujet', source: { type: 'header', header: 'subject' } }] } },
  { id: 'o', type: 'output' as const, name: 'Sortie' },
];
/** Each run of it lasts the sandbox's whole time limit (200 ms), on every document of the analysis. */
const SLOW = '{% for i in (1..3000) %}{% for j in (1..3000) %}{% endfor %}{% endfor %}';
/** A plain-text mail of this body. */
const mailWithBody = (body: string) =>
  Buffer.from(['From: a@example.com', 'To: b@example.com', 'Subject: Dossier', 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n'));

const notes = Array.from({ length: 30 }, (_, index) => ({ name: `note-${index + 1}.txt`, content: Buffer.from(`Note ${index + 1} du dossier.\n`) }));

describe('module workers in a run', () => {
  it('stops a categorization past its deadline while the server keeps answering, and keeps the other modules', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db, { modules: modules(SLOW) });
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // 31 documents × 200 ms: over six seconds of one thread, on the server's own were it run there.
    const id = await queueAnalysis(db, envId, [{ name: 'mixed.eml', content: fixture('eml/mixed.eml') }, ...notes]);
    const row = await waitForEnd(db, id, 60_000);
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(1500);
    expect(row.modules.map((m) => [m.moduleId, m.outcome])).toEqual([['x', 'success'], ['c', 'error'], ['e', 'success'], ['o', 'success']]);
    expect(inEnglish(row.modules[1]!.message)).toBe('The module "Tri" took longer than the 2 s allowed and was stopped; the rest of the analysis went on.');
    expect(inFrench(row.modules[1]!.message)).toBe("Le module « Tri » a duré plus que les 2 s permises et a été arrêté ; le reste de l'analyse a continué.");
    expect(row.modules[2]!.result).toMatchObject({ scope: 'analysis', errors: [] });
  }, 90_000);

  it('keeps the server answering through a 3 MB mail and names the text left out past the cap', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db, { modules: modules('') });
    const words = 'Bonjour, je vous écris au sujet du sinistre de la semaine dernière et du contrat 12345. ';
    const body = words.repeat(Math.ceil(3_000_000 / words.length));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const id = await queueAnalysis(db, envId, [{ name: 'long.eml', content: mailWithBody(body) }]);
    const row = await waitForEnd(db, id, 120_000);
    delay.disable();
    expect(delay.max / 1e6).toBeLessThan(1500);
    expect(row.modules.map((m) => [m.moduleId, m.outcome])).toEqual([['x', 'success'], ['c', 'success'], ['e', 'success'], ['o', 'success']]);
    expect(inEnglish(row.modules[0]!.message)).toMatch(/The text of "[^"]+" is longer than the 1,000,000 characters handed to the modules: its last [\d,]+ characters were left out\./);
    // Stored from the held JSON the module worker made: the capped text, whole.
    const [document] = (row.modules[0]!.result as { documents: { blocks: { text: string }[] }[] }).documents;
    expect(document!.blocks.reduce((chars, block) => chars + block.text.length, 0)).toBe(1_000_000);
    expect(document!.blocks[0]!.text).toMatch(/^Bonjour, je vous écris/);
  }, 150_000);
});

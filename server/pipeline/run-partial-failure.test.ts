/**
 * A run whose main file is read but one part fails (here an attachment that is not a readable DOCX):
 * the later modules still run, the extractor step and the analysis show the failure instead of a
 * plain success, and a reanalysis tries the file again (the failure was not cached).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../test-support/test-server';
import { createEnvironment, fixture, queueAnalysis, waitForEnd } from './testing/analyses';
import { inEnglish } from '../test-support/pipeline-text';

let server: TestServer;
beforeAll(async () => {
  // The default lease (30 s): a 2 s one ran out on a loaded machine whose renewals came late, and
  // the run was claimed again mid-way. The tests of a dead worker's lease write the row's own.
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50 } });
}, 60_000);
afterAll(() => server.close());

/** An attachment that is not a readable DOCX. */
const broken = readFileSync(new URL('../../test-fixtures/damaged/truncated-letter.docx', import.meta.url));

describe('a run with a part that fails', () => {
  it('ends in error with the reason after running the later modules, and is not cached', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db);
    const id = await queueAnalysis(db, envId, [
      { name: 'mixed.eml', content: fixture('eml/mixed.eml') },
      { name: 'letter.docx', content: broken },
    ]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('error');
    expect(inEnglish(row.error)).toMatch(/^Part of the extraction failed: "letter.docx" could not be read: the file is unreadable or damaged\.?$/);
    expect(row.modules.map((m) => [m.type, m.outcome])).toEqual([['extractor', 'error'], ['output', 'success']]);
    expect(inEnglish(row.modules[0]!.message)).toContain('1 part(s) could not be read');
    // A second run reads the failed file again: only the mail, read well, comes from the cache.
    const again = await queueAnalysis(db, envId, [
      { name: 'mixed.eml', content: fixture('eml/mixed.eml') },
      { name: 'letter.docx', content: broken },
    ]);
    const second = await waitForEnd(db, again);
    expect(inEnglish(second.modules[0]!.message)).toContain('1 file(s) from the cache');
    expect(second.status).toBe('error');
  }, 60_000);

  it('drafts the reply from what was read: the mail\'s subject is there though an attachment failed', async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db, {
      modules: [
        { id: 'x', type: 'extractor', name: 'Extracteur' },
        { id: 'r', type: 'replyTemplate', name: 'Réponse' },
        { id: 'o', type: 'output', name: 'Sortie' },
      ],
      replyTemplates: [{ id: 't', name: 'accusé', isDefault: true, body: 'Nous avons bien reçu votre message « {{ subject }} ».' }],
    });
    const id = await queueAnalysis(db, envId, [
      { name: 'arf.eml', content: fixture('eml/arf.eml') },
      { name: 'letter.docx', content: broken },
    ]);
    const row = await waitForEnd(db, id);
    expect(row.status).toBe('error');
    expect(row.modules.map((m) => [m.type, m.outcome])).toEqual([['extractor', 'error'], ['replyTemplate', 'success'], ['output', 'success']]);
    expect(row.modules[1]!.result).toMatchObject({ draft: 'Nous avons bien reçu votre message « FW: Earn money ».' });
  }, 60_000);
});

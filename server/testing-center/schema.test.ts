/**
 * The bank's tables on a real (in-memory) database: a message keeps its files' bytes and its typed
 * expected values, tag filters use the array column, and deleting the project removes everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayOverlaps, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/open';
import { organisations, projects } from '../db/schema';
import { bankMessageFiles, bankMessages, bankSetMessages, bankSets } from '../db/schema-testing-center';
import { openMigratedTestDatabase } from '../test-support/test-database';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openMigratedTestDatabase();
  await handle.db.insert(organisations).values({ id: 'o1', name: 'Orga' });
  await handle.db.insert(projects).values({ id: 'p1', organisationId: 'o1', name: 'P', type: 'NLU' });
}, 60_000);
afterAll(() => handle.close());

describe('bank tables', () => {
  it('stores a message with its files, tags and expected values, and cascades from the project', async () => {
    const { db } = handle;
    await db.insert(bankMessages).values({
      id: 'm1',
      projectId: 'p1',
      name: 'claim.eml',
      inputType: 'email',
      tags: ['claims', 'fr'],
      source: 'import',
      expected: { categories: { qualified: true, values: [{ key: 'category', document: null, format: 'string', value: 'Claim' }] } },
      qualification: 'partiallyQualified',
      fileCount: 1,
    });
    await db.insert(bankMessageFiles).values({
      id: 'f1', messageId: 'm1', role: 'main', position: 0, name: 'claim.eml', contentType: 'message/rfc822', size: 3, sha256: 'x', content: Buffer.from('abc'),
    });
    await db.insert(bankSets).values({ id: 's1', projectId: 'p1', name: 'Manual', kind: 'manual' });
    await db.insert(bankSetMessages).values({ setId: 's1', messageId: 'm1' });

    const tagged = await db.select({ id: bankMessages.id, expected: bankMessages.expected }).from(bankMessages).where(arrayOverlaps(bankMessages.tags, ['claims']));
    expect(tagged).toEqual([{ id: 'm1', expected: { categories: { qualified: true, values: [{ key: 'category', document: null, format: 'string', value: 'Claim' }] } } }]);
    const [file] = await db.select().from(bankMessageFiles).where(eq(bankMessageFiles.messageId, 'm1'));
    expect(Buffer.from(file!.content).toString()).toBe('abc');

    await db.delete(projects).where(eq(projects.id, 'p1'));
    expect(await db.select().from(bankMessageFiles)).toEqual([]);
    expect(await db.select().from(bankSetMessages)).toEqual([]);
  });
});

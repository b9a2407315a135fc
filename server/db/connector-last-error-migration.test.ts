/**
 * Migration 0024 turns a connector's last error from `code: detail` text into `{ code, detail }`:
 * a database migrated up to 0023 with old rows keeps every failure readable after it (the list and
 * the self-service webmail read `code` and `detail`, e.g. quotaReached's renewal day).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';
import { MEMORY, openDatabase } from './open';

const TAG = '0024_connector-last-error';
let folder = '';

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('migration 0024 (connector last error as data)', () => {
  it('converts "code", "code: detail" and details holding ": " into { code, detail }', async () => {
    // The migrations before 0024 only: a copy of the folder whose journal stops at 0023.
    folder = await mkdtemp(join(tmpdir(), 'postroom-migrations-'));
    await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journal = JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
    const upTo = journal.entries.findIndex((entry) => entry.tag === TAG);
    expect(upTo).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, upTo);
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));

    const handle = await openDatabase(MEMORY);
    try {
      if (handle.kind !== 'pglite') throw new Error('in-memory PGlite expected');
      await migrate(handle.db, { migrationsFolder: folder });
      // Rows as the old code wrote them; their environment does not matter here (foreign keys off for the insert).
      await handle.db.execute(sql.raw(`SET session_replication_role = replica`));
      await handle.db.execute(
        sql.raw(`INSERT INTO connectors (id, environment_id, name, type, settings, secrets_sealed, last_error) VALUES
          ('none', 'env', 'a', 'gmail', '{}', '', NULL),
          ('bare', 'env', 'b', 'gmail', '{}', '', 'reauthorize'),
          ('quota', 'env', 'c', 'gmail', '{}', '', 'quotaReached: 2026-12-01'),
          ('smtp', 'env', 'd', 'imap', '{}', '', 'healthCheckFailed: SMTP: 535 auth: failed')`),
      );
      await handle.db.execute(sql.raw(`SET session_replication_role = DEFAULT`));

      await handle.db.execute(sql.raw(await readFile(join(MIGRATIONS_FOLDER, `${TAG}.sql`), 'utf8')));

      const rows = await handle.db.execute<{ id: string; last_error: unknown }>(sql.raw(`SELECT id, last_error FROM connectors ORDER BY id`));
      expect(Object.fromEntries(rows.rows.map((row) => [row.id, row.last_error]))).toEqual({
        bare: { code: 'reauthorize', detail: null },
        none: null,
        quota: { code: 'quotaReached', detail: '2026-12-01' },
        smtp: { code: 'healthCheckFailed', detail: 'SMTP: 535 auth: failed' },
      });
    } finally {
      await handle.close();
    }
  });
});

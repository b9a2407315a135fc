/**
 * Migrations 0024 and 0026 turn connector failures from `code: detail` text into `{ code, detail }`
 * (a connector's last error; a run's error and a message's write-back error): a database migrated up
 * to just before each, with rows as the old code wrote them, keeps every failure readable after it
 * (the console reads `code` and `detail`, e.g. quotaReached's renewal day). Migration 0027 makes a
 * message unique per connector: the rows forced runs duplicated before it are folded into the newest.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from './migrate';
import { MEMORY, openDatabase, type DatabaseHandle } from './open';

const folders: string[] = [];

afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** An in-memory database with the migrations before `tag`, the old rows `inserts` write, then `tag` itself run. */
async function migrateAcross(tag: string, inserts: string[], read: (handle: DatabaseHandle) => Promise<unknown>): Promise<unknown> {
  // The migrations before `tag` only: a copy of the folder whose journal stops just before it.
  const folder = await mkdtemp(join(tmpdir(), 'postroom-migrations-'));
  folders.push(folder);
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = JSON.parse(await readFile(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const upTo = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(upTo).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, upTo);
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));

  const handle = await openDatabase(MEMORY);
  try {
    if (handle.kind !== 'pglite') throw new Error('in-memory PGlite expected');
    await migrate(handle.db, { migrationsFolder: folder });
    // The rows' environment and connector do not matter here (foreign keys off for the insert).
    await handle.db.execute(sql.raw(`SET session_replication_role = replica`));
    for (const insert of inserts) await handle.db.execute(sql.raw(insert));
    await handle.db.execute(sql.raw(`SET session_replication_role = DEFAULT`));
    const statements = (await readFile(join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8')).split('--> statement-breakpoint');
    for (const statement of statements) await handle.db.execute(sql.raw(statement));
    return await read(handle);
  } finally {
    await handle.close();
  }
}

async function rowsById(handle: DatabaseHandle, query: string): Promise<Record<string, unknown>> {
  const rows = await handle.db.execute<{ id: string; failure: unknown }>(sql.raw(query));
  return Object.fromEntries(rows.rows.map((row) => [row.id, row.failure]));
}

const converted = {
  bare: { code: 'reauthorize', detail: null },
  none: null,
  quota: { code: 'quotaReached', detail: '2026-12-01' },
  smtp: { code: 'healthCheckFailed', detail: 'SMTP: 535 auth: failed' },
};

// Each test migrates a fresh PGlite from scratch: seconds alone, past the default 20 s on a busy 2-core machine.
describe('migrations of connector failures to data', { timeout: 90_000 }, () => {
  it('0024 converts a last error "code", "code: detail" or a detail holding ": " into { code, detail }', async () => {
    const lastErrors = await migrateAcross(
      '0024_connector-last-error',
      [
        `INSERT INTO connectors (id, environment_id, name, type, settings, secrets_sealed, last_error) VALUES
        ('none', 'env', 'a', 'gmail', '{}', '', NULL),
        ('bare', 'env', 'b', 'gmail', '{}', '', 'reauthorize'),
        ('quota', 'env', 'c', 'gmail', '{}', '', 'quotaReached: 2026-12-01'),
        ('smtp', 'env', 'd', 'imap', '{}', '', 'healthCheckFailed: SMTP: 535 auth: failed')`,
      ],
      (handle) => rowsById(handle, `SELECT id, last_error AS failure FROM connectors`),
    );
    expect(lastErrors).toEqual(converted);
  });

  it("0026 converts a run's error and a message's write-back error the same way", async () => {
    const [runs, messages] = (await migrateAcross(
      '0026_connector-run-errors',
      [
        `INSERT INTO connector_runs (id, connector_id, trigger, from_date, to_date, error) VALUES
        ('none', 'c', 'manual', now(), now(), NULL),
        ('bare', 'c', 'manual', now(), now(), 'reauthorize'),
        ('quota', 'c', 'manual', now(), now(), 'quotaReached: 2026-12-01'),
        ('smtp', 'c', 'manual', now(), now(), 'healthCheckFailed: SMTP: 535 auth: failed')`,
        `INSERT INTO connector_messages (id, connector_id, message_id, write_back, write_back_error) VALUES
        ('none', 'c', 'm1', 'done', NULL),
        ('bare', 'c', 'm2', 'failed', 'reauthorize'),
        ('quota', 'c', 'm3', 'failed', 'quotaReached: 2026-12-01'),
        ('smtp', 'c', 'm4', 'failed', 'healthCheckFailed: SMTP: 535 auth: failed')`,
      ],
      async (handle) => [
        await rowsById(handle, `SELECT id, error AS failure FROM connector_runs`),
        await rowsById(handle, `SELECT id, write_back_error AS failure FROM connector_messages`),
      ],
    )) as unknown[];
    expect(runs).toEqual(converted);
    expect(messages).toEqual(converted);
  });

  it('0027 keeps the newest row of a message recorded twice, then refuses a second one', async () => {
    const kept = await migrateAcross(
      '0027_connector-messages-unique',
      [
        `INSERT INTO connector_messages (id, connector_id, message_id, write_back, created_at) VALUES
        ('first', 'c', 'm1', 'done', now() - interval '2 hours'),
        ('forced', 'c', 'm1', 'pending', now() - interval '1 hour'),
        ('alone', 'c', 'm2', 'done', now()),
        ('elsewhere', 'd', 'm1', 'done', now() - interval '3 hours')`,
      ],
      async (handle) => {
        const rows = await handle.db.execute<{ id: string }>(sql.raw(`SELECT id FROM connector_messages ORDER BY id`));
        await expect(handle.db.execute(sql.raw(`INSERT INTO connector_messages (id, connector_id, message_id) VALUES ('again', 'c', 'm2')`))).rejects.toThrow();
        return rows.rows.map((row) => row.id);
      },
    );
    expect(kept).toEqual(['alone', 'elsewhere', 'forced']);
  });
});

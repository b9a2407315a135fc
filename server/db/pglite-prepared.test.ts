/**
 * PGlite keeping its statements prepared (pglite-prepared.ts) answers as PGlite's own path does —
 * rows in both modes, bytes, JSON, timestamps kept as text, counts, errors with their code — while
 * the engine really holds the statements (pg_prepared_statements), never more than its bound, and
 * a table changed under a statement is prepared again.
 */
import { PGlite, protocol, types, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGLITE_OPTIONS } from './pglite-options';
import { PREPARED_STATEMENTS_KEPT, PREPARED_TEXT_MAX, PreparingPglite } from './pglite-prepared';
import { PgliteThread } from './pglite-thread';

let preparing: PreparingPglite;
let plain: PGlite;

const TABLE = `create table letter (id int primary key, body bytea, doc jsonb, at timestamptz, label text unique, urgent boolean, tags text[])`;

beforeAll(async () => {
  preparing = new PreparingPglite(PGLITE_OPTIONS);
  plain = new PGlite(PGLITE_OPTIONS);
  for (const db of [preparing, plain]) await db.exec(TABLE);
});
afterAll(async () => {
  await preparing?.close();
  await plain?.close();
});

const preparedNames = async (db: PGlite) =>
  (await db.exec(`select name, statement from pg_prepared_statements order by name`))[0]!.rows as { name: string; statement: string }[];

type Read = [Record<string, unknown>, unknown[]];

const keepTimestampsAsText: QueryOptions = { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };

describe('PGlite with prepared statements', () => {
  it('gives the answers PGlite gives, and holds each statement prepared once', async () => {
    const insert = `insert into letter (id, body, doc, at, label, urgent, tags) values ($1, $2, $3, $4, $5, $6, $7) returning id, label`;
    const select = `select id, body, doc, at, label, urgent, tags from letter where id >= $1 order by id`;
    const rows = [
      [1, new Uint8Array([0, 1, 254, 255]), JSON.stringify({ a: [1, 'deux', null] }), '2026-12-02T08:00:00Z', 'un', true, ['x', 'y,z']],
      [2, null, null, new Date('2026-12-02T09:30:00Z'), 'deux', false, []],
      [3, Buffer.from('é'), { nested: { ok: true } }, null, null, null, null],
    ];
    const answers = [];
    for (const db of [preparing, plain]) {
      const inserted = [];
      for (const row of rows) inserted.push(await db.query(insert, row));
      const asObjects = await db.query(select, [1], keepTimestampsAsText);
      const asArrays = await db.query(select, [2], { rowMode: 'array' });
      const updated = await db.query(`update letter set urgent = $1 where id < $2`, [true, 3]);
      answers.push({ inserted, asObjects, asArrays, updated });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.updated.affectedRows).toBe(2);
    expect(answers[0]!.asObjects.rows[0]).toMatchObject({ id: 1, doc: { a: [1, 'deux', null] }, at: '2026-12-02 08:00:00+00', urgent: true, tags: ['x', 'y,z'] });

    const held = await preparedNames(preparing);
    expect(held.map(({ statement }) => statement)).toEqual(expect.arrayContaining([insert, select]));
    expect(held.filter(({ statement }) => statement === insert)).toHaveLength(1);
    expect(await preparedNames(plain)).toEqual([]);
  });

  it('reads bytes of every value back as PGlite does, beside text columns and nulls', async () => {
    const body = Buffer.alloc(1024 * 1024 + 3);
    for (let index = 0; index < body.length; index++) body[index] = (index * 31) % 256;
    const read = `select label, body, doc from letter where id = $1`;
    const answers = [];
    for (const db of [preparing, plain]) {
      await db.query(`insert into letter (id, body, doc, label) values ($1, $2, $3, $4)`, [5, body, '{"é":1}', 'corps']);
      await db.query(`insert into letter (id, body, label) values ($1, $2, $3)`, [6, null, 'vide']);
      answers.push([(await db.query(read, [5])).rows[0], (await db.query(read, [6], { rowMode: 'array' })).rows[0]]);
    }
    const [[bytes, empty], [bytesThere, emptyThere]] = answers as [Read, Read];
    expect(Buffer.isBuffer(bytes.body)).toBe(true);
    expect((bytes.body as Buffer).equals(body)).toBe(true);
    expect({ ...bytes, body: null }).toEqual({ ...bytesThere, body: null });
    expect(empty).toEqual(['vide', null, null]);
    expect(empty).toEqual(emptyThere);
  });

  it('answers an error with its PostgreSQL code and goes on', async () => {
    const insert = `insert into letter (id, label) values ($1, $2)`;
    await preparing.query(insert, [10, 'unique']);
    const duplicate = await preparing.query(insert, [11, 'unique']).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'letter_label_key', query: insert, params: [11, 'unique'] });
    const wrong = await preparing.query(`select nothing from letter where id = $1`, [1]).catch((error: unknown) => error);
    expect(wrong).toMatchObject({ code: '42703' });
    expect((await preparing.query(`select label from letter where id = $1`, [10])).rows).toEqual([{ label: 'unique' }]);
  });

  it('reads a prepared answer once: PGlite parses none of it, so keeps none of it', async () => {
    // PGlite's raw exchange parsed every answer again and held the messages until its own next
    // query: with every statement prepared, memory that only grew.
    const select = `select id, label from letter where id = $1`;
    await preparing.query(select, [10]);
    const parse = vi.spyOn(protocol.Parser.prototype, 'parse');
    try {
      for (let run = 0; run < 5; run++) expect((await preparing.query(select, [10])).rows).toEqual([{ id: 10, label: 'unique' }]);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('runs prepared statements in a transaction, committed or rolled back', async () => {
    const insert = `insert into letter (id, label) values ($1, $2)`;
    await preparing.transaction(async (tx) => {
      await tx.query(insert, [20, 'kept']);
    });
    await preparing
      .transaction(async (tx) => {
        await tx.query(insert, [21, 'dropped']);
        await tx.query(insert, [22, 'kept']);
      })
      .catch(() => undefined);
    await preparing.transaction(async (tx) => {
      await tx.query(insert, [23, 'rolled back']);
      await tx.rollback();
    });
    const ids = (await preparing.query<{ id: number }>(`select id from letter where id between $1 and $2 order by id`, [20, 29])).rows;
    expect(ids).toEqual([{ id: 20 }]);
  });

  it('keeps at most its bound of statements, the least recently run closed first', async () => {
    const first = `select 0 + $1::int as n`;
    await preparing.query(first, [0]);
    for (let index = 1; index <= PREPARED_STATEMENTS_KEPT + 5; index++) {
      expect((await preparing.query(`select ${index} + $1::int as n`, [1])).rows).toEqual([{ n: index + 1 }]);
    }
    const held = await preparedNames(preparing);
    expect(held.length).toBeLessThanOrEqual(PREPARED_STATEMENTS_KEPT);
    expect(held.map(({ statement }) => statement)).not.toContain(first);
    expect((await preparing.query(first, [7])).rows).toEqual([{ n: 7 }]);
  });

  it('leaves a long one-off statement to PGlite, unprepared', async () => {
    const ids = Array.from({ length: 4000 }, (_, index) => 1000 + index);
    const bulk = `insert into letter (id) values ${ids.map((id) => `(${id})`).join(', ')}`;
    expect(bulk.length).toBeGreaterThan(PREPARED_TEXT_MAX);
    expect((await preparing.query(bulk)).affectedRows).toBe(ids.length);
    expect((await preparedNames(preparing)).map(({ statement }) => statement)).not.toContain(bulk);
  });

  it('prepares a statement again when its table changed under it', async () => {
    await preparing.exec(`create table note (id int)`);
    await preparing.query(`insert into note values ($1)`, [1]);
    const all = `select * from note where id = $1`;
    expect((await preparing.query(all, [1])).rows).toEqual([{ id: 1 }]);
    await preparing.exec(`alter table note add column text text default 'ajoutée'`);
    expect((await preparing.query(all, [1])).rows).toEqual([{ id: 1, text: 'ajoutée' }]);
  });

  it('prepares in the database thread as well', async () => {
    const thread = await PgliteThread.open();
    try {
      await thread.query(`select $1::int as n`, [1]);
      const held = await thread.query<{ statement: string }>(`select statement from pg_prepared_statements where statement = $1`, [`select $1::int as n`]);
      expect(held.rows).toHaveLength(1);
    } finally {
      await thread.close();
    }
  });
});

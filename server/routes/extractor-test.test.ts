import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvironment, fixture } from '../pipeline/testing/analyses';
import { createTestServer, signIn, type TestServer } from '../test-support/test-server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await createTestServer();
  token = await signIn(server.app, 'configurator');
}, 60_000);
afterAll(() => server.close());

function upload(envId: string, file?: { name: string; content: Buffer }) {
  const boundary = 'postroom-test-boundary';
  const body = file
    ? Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        file.content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
    : Buffer.from(`--${boundary}--\r\n`);
  return server.app.inject({
    method: 'POST',
    url: `/v4/console/api/environment/${envId}/extractor/test`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe('extractor test', () => {
  it("returns the extractor's result with the environment's settings and stores nothing", async () => {
    const db = server.handle.db;
    const envId = await createEnvironment(db, { extractor: { parser: { global: { splitPerCharacters: 20, useCache: false } } } });
    const count = async () => Number(((await db.execute(sql`SELECT count(*) AS n FROM analyses`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    const before = await count();
    const response = await upload(envId, { name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') });
    expect(response.statusCode).toBe(200);
    const { documents } = response.json<{ documents: { fileId: string | null; name: string; blocks: { text: string }[] }[] }>();
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({ fileId: null, name: 'invoice.pdf' });
    expect(documents[0]!.blocks.map((b) => b.text)).toEqual(['Invoice INV-2026-118', '\nCustomer: ACME SA\nT', 'otal due: 1 234,56 E', 'UR']);
    expect(await count()).toBe(before);
  });

  it('answers 409 extractorNotEnabled when the extractor is off or not in the pipeline', async () => {
    const db = server.handle.db;
    const off = await createEnvironment(db, { extractor: { active: false } });
    expect((await upload(off, { name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') })).json()).toMatchObject({ code: 'extractorNotEnabled' });
    const without = await createEnvironment(db, { modules: [{ id: 'o', type: 'output', name: 'Sortie' }] });
    const response = await upload(without, { name: 'invoice.pdf', content: fixture('pdf/invoice.pdf') });
    expect(response.statusCode).toBe(409);
  });

  it('refuses a file the extractor does not take, or no file, with the §5 message', async () => {
    const envId = await createEnvironment(server.handle.db);
    const wrong = await upload(envId, { name: 'notes.txt', content: Buffer.from('hello') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'uploadRejected', message: "notes.txt : L'extension « txt » n'est pas autorisée" });
    const none = await upload(envId);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'uploadRejected', message: 'Un fichier principal est nécessaire' });
  });
});

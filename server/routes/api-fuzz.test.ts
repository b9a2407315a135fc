/**
 * The fuzz stage: bad input is a 4xx, everywhere. Reads /api/openapi.json from the real app and sends
 * every operation malformed values of each kind in each path parameter, query parameter and body
 * field (impossible dates, NUL, a megabyte string, huge and negative numbers, wrong types, ten
 * thousand nested arrays, YAML aliases, invalid ids) and malformed bodies (empty JSON, invalid JSON,
 * multipart without a boundary…), as each role with the stage's own organisation and people. Any 5xx
 * or a request not answered within the bound fails it, naming the operation, the field and the value.
 * A new operation or field is covered without a line here. Before it, the answer each kind must get
 * (code, status, limit) on the routes where it matters.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../src/contract/define';
import { METADATA_LIMITS } from '../../src/contract/uploads';
import { analysisFiles } from '../db/schema';
import { multipart } from '../test-support/multipart';
import { createFuzzWorld, FUZZ_ROLES, type FuzzWorld } from '../test-support/fuzz/fuzz-world';
import { operationsOf, probesOf, type Operation, type Probe } from '../test-support/fuzz/fuzz-plan';
import { describeOutcome, runProbes } from '../test-support/fuzz/run-probes';
import { createTestServer, type TestServer } from '../test-support/test-server';

let server: TestServer;
let world: FuzzWorld;
let operations: Operation[];
/** The stage's organisation admin and program, for the expectations of each kind below. */
let admin: Record<string, string>;
let apiKey: Record<string, string>;
const ENV = '/v4/console/api/environment/fuzz-prod';
const API_ENV = '/v4/api/environment/fuzz-prod';

beforeAll(async () => {
  server = await createTestServer();
  world = await createFuzzWorld(server.app, server.handle.db);
  const [file] = await server.handle.db.select({ id: analysisFiles.id }).from(analysisFiles).where(eq(analysisFiles.analysisId, world.params.analysisId!));
  world.params.fileId = file!.id;
  const document = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
  operations = operationsOf(document.json());
  admin = world.headers.orgAdmin;
  apiKey = world.headers.program;
}, 240_000);
afterAll(() => server?.close());

/**
 * A 503 that says "not yet, retry" with its code (an NLU server the stage's own baselines created is
 * still starting) is the service's state, not a failure of input handling.
 */
function unavailableForNow(body: string): boolean {
  return /"code":"aiStarting"/.test(body);
}

/** Calls that end the session or delete what later calls use go last. */
function phaseOf(operation: Operation): number {
  if (operation.id === 'auth.logout' || operation.id.startsWith('password.')) return 2;
  return operation.method === 'DELETE' ? 1 : 0;
}

// What each kind of bad input answers, precisely (codes, limits), on the stage's own organisation.
describe('names', () => {
  const cases: [string, string, string, (text: string) => object][] = [
    ['project', 'POST', '/v4/console/api/organisation/fuzz/projects', (name) => ({ name, type: 'IC' })],
    ['project rename', 'PATCH', '/v4/console/api/project/fuzz-mail', (name) => ({ name })],
    ['access key', 'POST', `${ENV}/access-keys`, (name) => ({ name })],
    ['version', 'POST', `${ENV}/versions`, (name) => ({ name })],
    ['environment', 'POST', '/v4/console/api/project/fuzz-mail/environments', (name) => ({ name, source: { kind: 'scratch' } })],
    ['simulated mail name', 'POST', `${ENV}/analyses/simulated-mail`, (name) => ({ name, sender: 'a@b.c', recipient: 'c@d.e' })],
    ['simulated mail subject', 'POST', `${ENV}/analyses/simulated-mail`, (subject) => ({ subject, sender: 'a@b.c', recipient: 'c@d.e' })],
    ['simulated mail sender', 'POST', `${ENV}/analyses/simulated-mail`, (text) => ({ sender: `a${text}@b.c`, recipient: 'c@d.e' })],
    [
      'simulated mail attachment',
      'POST',
      `${ENV}/analyses/simulated-mail`,
      (name) => ({ sender: 'a@b.c', recipient: 'c@d.e', attachments: [{ name: `${name}.txt`, contentBase64: 'aGk=' }] }),
    ],
  ];

  it.each(cases)('refuses NUL in a %s with 400 invalidText', async (_, method, url, body) => {
    for (const text of ['a\u0000b', '\u0000', 'x\u0000\u0000y']) {
      const response = await server.app.inject({ method: method as 'POST', url, headers: admin, payload: body(text) });
      expect(response.statusCode, `${url} ${JSON.stringify(text)}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidText', message: expect.any(String) });
    }
  });

  it.each(cases.filter(([what]) => !what.includes('subject')))('refuses other control characters in a %s with 400 invalidRequest', async (_, method, url, body) => {
    for (const text of ['a\u0001b', 'a\u001bb', 'a\u007fb', 'tab\there']) {
      const response = await server.app.inject({ method: method as 'POST', url, headers: admin, payload: body(text) });
      expect(response.statusCode, `${url} ${JSON.stringify(text)}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidRequest', issues: expect.any(Array) });
    }
  });

  it("refuses control characters in a simulated mail's body but keeps its tabs and line breaks", async () => {
    for (const text of ['a\u0001b', 'a\u001bb', 'a\u007fb', 'a\u000bb']) {
      const response = await server.app.inject({ method: 'POST', url: `${ENV}/analyses/simulated-mail`, headers: admin, payload: { sender: 'a@b.c', recipient: 'c@d.e', body: text } });
      expect(response.statusCode, `${JSON.stringify(text)}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidRequest', issues: [expect.objectContaining({ path: ['body'] })] });
    }
    const kept = await server.app.inject({ method: 'POST', url: `${ENV}/analyses/simulated-mail`, headers: admin, payload: { sender: 'a@b.c', recipient: 'c@d.e', body: 'Bonjour,\r\n\tligne 2\n' } });
    expect(kept.statusCode, kept.body).toBe(201);
  });

  it('refuses NUL in a name sent as a multipart part, on the console and the program endpoint', async () => {
    for (const [url, headers] of [
      [`${ENV}/analyses`, admin],
      [`${API_ENV}/analyses`, apiKey],
    ] as const) {
      for (const name of ['a\u0000b', 'a\u0007b']) {
        const body = await multipart({ fields: { name }, file: { name: 'mail.eml', content: 'Subject: hi\r\n\r\nhello' } });
        const response = await server.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json<{ code: string }>().code).toBe('invalidUpload');
      }
    }
  });
});

describe('dates', () => {
  it.each(['2026-02-30', '2026-13-45', '9999-99-99', '2025-02-29', '2026-00-10', '2026-4-1'])(
    'refuses the impossible day %s in the consumption widget with 400',
    async (date) => {
      const response = await server.app.inject({ method: 'GET', url: `${ENV}/consumption?date=${date}`, headers: admin });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidRequest', message: expect.any(String) });
    },
  );

  it('still answers a real day, 29 February of a leap year included', async () => {
    for (const date of ['2026-02-28', '2024-02-29', '2026-12-31']) {
      const response = await server.app.inject({ method: 'GET', url: `${ENV}/consumption?date=${date}`, headers: admin });
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it.each(['from=2026-13-45', 'to=9999-99-99', 'from=2026-02-30T00:00:00Z', 'to=2026-02-31T10:00:00+02:00', 'from=yesterday'])(
    'refuses the impossible bound %s on the analyses list with 400',
    async (query) => {
      const response = await server.app.inject({ method: 'GET', url: `${ENV}/analyses?${query}`, headers: admin });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidRequest' });
    },
  );

  it.each(['from=2026-13-45', 'to=0000-00-00', 'from=2026-02-30', 'to=9999-99-99'])('refuses the impossible day %s on the audit log with 400', async (query) => {
    const response = await server.app.inject({ method: 'GET', url: `/v4/console/api/organisation/fuzz/audit-logs?${query}`, headers: admin });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalidRequest', location: 'query' });
  });

  it.each(['from=0000-01-01T00:00:00Z', 'to=9999-12-31T23:00:00-05:00'])('refuses the instant %s that PostgreSQL cannot store with 400', async (query) => {
    const response = await server.app.inject({ method: 'GET', url: `${ENV}/analyses?${query}`, headers: admin });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalidRequest' });
  });

  it('refuses an impossible contract start date of an organisation', async () => {
    const response = await server.app.inject({
      method: 'PUT',
      url: '/v4/console/api/organisation/fuzz',
      headers: admin,
      payload: { name: 'Fuzz', contractStartDate: '2026-02-30', yearlyQuota: null },
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe('multipart bodies', () => {
  const part = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello';
  const bodies: [string, string, string][] = [
    ['no boundary', 'multipart/form-data', `${part}\r\n--x--\r\n`],
    ['an empty boundary', 'multipart/form-data; boundary=', `${part}\r\n--x--\r\n`],
    ['a boundary that is not in the body', 'multipart/form-data; boundary=other', `${part}\r\n--x--\r\n`],
    ['a body cut short in a file', 'multipart/form-data; boundary=x', part],
    ['a body cut short in a part header', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-da'],
    ['a malformed part header', 'multipart/form-data; boundary=x', '--x\r\nnot a header\r\n\r\nhello\r\n--x--\r\n'],
  ];
  const routes = () =>
    [
      ['console upload', `${ENV}/analyses`, admin],
      ['program upload', `${API_ENV}/analyses`, apiKey],
      ['extractor test', `${ENV}/extractor/test`, admin],
    ] as const;

  it.each(bodies)('answers %s with 400 invalidUpload (not a 500, not "too large")', async (_, contentType, payload) => {
    for (const [label, url, headers] of routes()) {
      const response = await server.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });
      // The extractor test may refuse before reading when the extractor is off; never a 500.
      if (label === 'extractor test' && response.statusCode === 409) continue;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      const body = response.json<{ code: string; message: string }>();
      expect([body.code, label]).toEqual([expect.stringMatching(/^(invalidUpload|uploadRejected)$/), label]);
      if (body.code === 'uploadRejected') expect(response.body).not.toMatch(/fileTooLarge|totalTooLarge/);
    }
  });

  it('says a cut-short upload is malformed even when it is big', async () => {
    const big = `--x\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${'a'.repeat(200_000)}`;
    const response = await server.app.inject({
      method: 'POST',
      url: `${ENV}/analyses`,
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=x' },
      payload: big,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalidUpload', message: "L'envoi de fichiers est mal formé ou incomplet." });
  });
});

describe('JSON bodies', () => {
  it.each(['{bad', '{"name": "x",}', '[', '"unterminated', '{"a":1}{"b":2}'])('answers the invalid JSON %s with 400 invalidJson', async (payload) => {
    for (const url of [`${ENV}/access-keys`, `${ENV}/analyses/simulated-mail`, '/api/login_check']) {
      const response = await server.app.inject({ method: 'POST', url, headers: { ...admin, 'content-type': 'application/json' }, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalidJson', message: expect.any(String) });
    }
  });

  it.each(['text/xml', 'application/x-www-form-urlencoded', 'image/png', 'application/vnd.evil'])(
    'answers a %s body to a JSON endpoint with 415 unsupportedContentType',
    async (contentType) => {
      const response = await server.app.inject({
        method: 'POST',
        url: `${ENV}/access-keys`,
        headers: { ...admin, 'content-type': contentType },
        payload: 'name=x',
      });
      expect(response.statusCode, response.body).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupportedContentType' });
      // The content type the client sent is not echoed back.
      expect(response.body).not.toContain(contentType);
    },
  );

  it('bounds every JSON body to its endpoint: 413 bodyTooLarge with the limit, before any handler runs', async () => {
    const big = 'x'.repeat(JSON_BODY_LIMIT + 10);
    for (const [url, payload] of [
      [`${ENV}/access-keys`, { name: big }],
      ['/api/login_check', { username: 'admin', password: big }],
      ['/v4/console/api/organisation/fuzz/projects', { name: big, type: 'IC' }],
      [`${ENV}/versions`, { name: 'v', padding: big }],
    ] as const) {
      const response = await server.app.inject({ method: 'POST', url, headers: admin, payload });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(413);
      expect(response.json()).toMatchObject({ code: 'bodyTooLarge', limit: JSON_BODY_LIMIT });
    }
  });

  it('lets a simulated mail carry more than the default limit (its attachments are base64)', async () => {
    const content = Buffer.alloc(200_000, 'a').toString('base64');
    const response = await server.app.inject({
      method: 'POST',
      url: `${ENV}/analyses/simulated-mail`,
      headers: admin,
      payload: { sender: 'a@b.c', recipient: 'c@d.e', attachments: [{ name: 'big.pdf', contentBase64: content }] },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
  });

  it('answers a body nested thousands deep with a 4xx, not a stack overflow', async () => {
    const deep = `{"name":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const response = await server.app.inject({ method: 'POST', url: `${ENV}/access-keys`, headers: { ...admin, 'content-type': 'application/json' }, payload: deep });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('long paths', () => {
  it.each([
    ['an API path', `/v4/console/api/${'a'.repeat(5000)}`],
    ['an environment id', `/v4/console/api/environment/${'a'.repeat(5000)}/analyses`],
    ['a program path', `/v4/api/environment/${'a'.repeat(5000)}/analyses`],
    ['a project id', `/v4/console/api/project/${'b'.repeat(5000)}`],
    ['a console page', `/${'a'.repeat(5000)}`],
  ])('answers a 5,000-character %s with 404 or 414, with or without a token', async (_, url) => {
    for (const headers of [{}, admin, apiKey]) {
      const response = await server.app.inject({ method: 'GET', url, headers });
      expect([404, 414], `${url.slice(0, 40)}: ${response.statusCode} ${response.body.slice(0, 100)}`).toContain(response.statusCode);
    }
  });
});

describe('metadata', () => {
  const manyKeys = Object.fromEntries(Array.from({ length: METADATA_LIMITS.maxKeys + 1 }, (_, index) => [`k${index}`, index]));
  const variants: [string, unknown, string, Record<string, unknown>][] = [
    ['too many keys', manyKeys, 'metadataTooManyKeys', { count: METADATA_LIMITS.maxKeys + 1, max: METADATA_LIMITS.maxKeys }],
    ['a key too long', { ['k'.repeat(METADATA_LIMITS.maxKeyLength + 1)]: 1 }, 'metadataKeyTooLong', { max: METADATA_LIMITS.maxKeyLength }],
    ['a value too large', { big: 'x'.repeat(METADATA_LIMITS.maxBytes) }, 'metadataTooLarge', { max: METADATA_LIMITS.maxBytes }],
    ['multi-byte text over the size', { big: '\u00e9'.repeat(METADATA_LIMITS.maxBytes / 2) }, 'metadataTooLarge', { max: METADATA_LIMITS.maxBytes }],
    ['a nested object', { a: { b: 1 } }, 'metadataValueNotPlain', { key: 'a' }],
    ['an array value', { a: [1, 2] }, 'metadataValueNotPlain', { key: 'a' }],
    ['an array', [1, 2], 'metadataNotObject', {}],
    ['a string', 'text', 'metadataNotObject', {}],
  ];

  it.each(variants)('refuses %s in a simulated mail (JSON) with 400 and the problem as code and params', async (_, metadata, code, params) => {
    for (const [url, headers] of [
      [`${ENV}/analyses/simulated-mail`, admin],
      [`${API_ENV}/analyses/simulated-mail`, apiKey],
    ] as const) {
      const response = await server.app.inject({ method: 'POST', url, headers, payload: { sender: 'a@b.c', recipient: 'c@d.e', metadata } });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
      expect(response.json()).toMatchObject({ code, ...params, message: expect.any(String) });
    }
  });

  it.each(variants)('refuses %s in an upload (multipart) with 400 and the problem as code and params', async (_, metadata, code, params) => {
    for (const [url, headers] of [
      [`${ENV}/analyses`, admin],
      [`${API_ENV}/analyses`, apiKey],
    ] as const) {
      const body = await multipart({ fields: { metadata: JSON.stringify(metadata) }, file: { name: 'mail.eml', content: 'Subject: hi\r\n\r\nhello' } });
      const response = await server.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
      expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
      expect(response.json()).toMatchObject({ code, ...params, message: expect.any(String) });
    }
  });

  it('refuses 30 MB of metadata, and keeps metadata at the limit', async () => {
    const huge = { big: 'x'.repeat(30 * 1024 * 1024) };
    const response = await server.app.inject({
      method: 'POST',
      url: `${ENV}/analyses/simulated-mail`,
      headers: admin,
      payload: { sender: 'a@b.c', recipient: 'c@d.e', metadata: huge },
    });
    expect([400, 413]).toContain(response.statusCode);

    const atLimit = Object.fromEntries(Array.from({ length: METADATA_LIMITS.maxKeys }, (_, index) => [`key${index}`, 'v'.repeat(250)]));
    const accepted = await server.app.inject({
      method: 'POST',
      url: `${ENV}/analyses/simulated-mail`,
      headers: admin,
      payload: { sender: 'a@b.c', recipient: 'c@d.e', metadata: atLimit },
    });
    expect(accepted.statusCode, accepted.body.slice(0, 200)).toBe(201);
    expect(accepted.json<{ metadata: unknown }>().metadata).toEqual(atLimit);
  });
});

describe('every operation of /api/openapi.json, as every role', () => {
  it('answers malformed input with a 4xx, never a 5xx nor a hang', async () => {
    const turn = { next: 0 };
    const phases: Probe[][] = [[], [], []];
    for (const operation of operations) phases[phaseOf(operation)]!.push(...probesOf(operation, world.params, (caller) => world.headers[caller], turn));
    const all = phases.flat();
    // Every operation, every parameter and field, every kind, every role.
    expect(operations.length).toBeGreaterThan(150);
    expect(new Set(all.map((probe) => probe.caller))).toEqual(new Set([...FUZZ_ROLES, 'program']));

    const started = Date.now();
    const outcomes = [];
    for (const phase of phases) outcomes.push(...(await runProbes(server.app, phase, { concurrency: 6, boundMs: 20_000 })));
    const failures = outcomes.filter((outcome) => outcome.status === 'hang' || (outcome.status >= 500 && !unavailableForNow(outcome.body))).map(describeOutcome);
    // A refusal says why with a stable code the console translates.
    const withoutCode = outcomes.filter((outcome) => typeof outcome.status === 'number' && outcome.status >= 400 && outcome.status < 500 && !/"code":"/.test(outcome.body)).map(describeOutcome);
    const slowest = [...outcomes].sort((a, b) => b.ms - a.ms).slice(0, 5).map((outcome) => `${outcome.ms} ms ${describeOutcome(outcome)}`);
    if (process.env.FUZZ_DUMP) (await import('node:fs')).writeFileSync(process.env.FUZZ_DUMP, JSON.stringify(outcomes.map((o) => ({ op: o.probe.operation, target: o.probe.target, kind: o.probe.kind, caller: o.probe.caller, status: o.status, ms: o.ms }))));
    console.log(`fuzz: ${outcomes.length} probes in ${Date.now() - started} ms; slowest:\n${slowest.join('\n')}`);
    expect(failures).toEqual([]);
    expect(withoutCode).toEqual([]);
  }, 600_000);
});

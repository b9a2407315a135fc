/**
 * The CPU time of an analysis (its consumption and CO2 footprint) includes the pages it had read by
 * OCR: tesseract.js works in a thread of its own, outside the parse threads' meter, so the run charges
 * each page the time it held its OCR thread (server/ocr/metered-ocr.ts).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inEnglish } from '../test-support/pipeline-text';
import { createTestServer, type TestServer } from '../test-support/test-server';
import { createEnvironment, queueAnalysis, waitForEnd } from './testing/analyses';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ pipeline: { workers: 1, pollMs: 50, leaseMs: 5000 } });
}, 60_000);
afterAll(() => server.close());

const scan = readFileSync(new URL('../../test-fixtures/scan/invoice-scan.png', import.meta.url));

describe('the CPU time of an analysis', () => {
  it('counts the OCR of its pictures', async () => {
    const db = server.handle.db;
    const read = await createEnvironment(db, { content: { ocrPng: true } });
    const notRead = await createEnvironment(db, { content: { ocrPng: false } });

    const withOcr = await waitForEnd(db, await queueAnalysis(db, read, [{ name: 'invoice.png', content: scan }]), 120_000);
    expect(withOcr.status).toBe('processed');
    expect(inEnglish(withOcr.modules[0]!.message)).toMatch(/OCR read 1 page\(s\) or picture\(s\)/);
    const withoutOcr = await waitForEnd(db, await queueAnalysis(db, notRead, [{ name: 'invoice.png', content: scan }]), 60_000);
    expect(inEnglish(withoutOcr.modules[0]!.message)).not.toMatch(/OCR read/);

    // Reading a page by OCR takes hundreds of milliseconds at least; handling the picture without it, a few.
    expect(withOcr.cpuMs - withoutOcr.cpuMs).toBeGreaterThan(200);
  }, 180_000);
});

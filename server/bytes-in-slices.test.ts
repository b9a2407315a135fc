/**
 * A sender's large file is hashed and joined a slice at a time: same bytes and digest as in one go,
 * and the event loop (every other organisation's requests) gets turns meanwhile.
 */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analysisRows } from './analyses/create';
import { concatInSlices, copyInSlices, forAnotherThread, inSharedMemory, sha256InSlices, SLICE_BYTES } from './bytes-in-slices';

/** Runs `work` while counting the turns other callbacks of the event loop get before it ends. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const other = () => {
    if (!running) return;
    turns += 1;
    setImmediate(other);
  };
  setImmediate(other);
  const value = await work();
  running = false;
  return { value, turns };
}

const bigFile = () => randomBytes(12 * SLICE_BYTES + 12_345);

describe('sha256InSlices', () => {
  it('gives the digest of the bytes and text in order, and lets other work run meanwhile', async () => {
    const bytes = bigFile();
    const expected = createHash('sha256').update(bytes).update('\0').update('name').digest('hex');
    const { value, turns } = await turnsDuring(() => sha256InSlices(bytes, '\0', 'name'));
    expect(value).toBe(expected);
    expect(turns).toBeGreaterThanOrEqual(10);
  });

  it('hashes empty and small inputs in one go', async () => {
    expect(await sha256InSlices(new Uint8Array(0))).toBe(createHash('sha256').digest('hex'));
    expect(await sha256InSlices(Buffer.from('abc'))).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});

describe('concatInSlices', () => {
  it('joins the chunks as Buffer.concat does, and lets other work run meanwhile', async () => {
    // Parts as a multipart reader gives them, and one larger than a slice.
    const chunks = [...Array.from({ length: 200 }, (_, index) => randomBytes(65_536 + index)), randomBytes(3 * SLICE_BYTES)];
    const { value, turns } = await turnsDuring(() => concatInSlices(chunks));
    expect(value.equals(Buffer.concat(chunks))).toBe(true);
    expect(turns).toBeGreaterThanOrEqual(14);
    // In shared memory: the database and the parse thread take it without a copy.
    expect(inSharedMemory(value)).toBe(true);
    expect((await concatInSlices([Buffer.from('a'), Buffer.from('bc')])).toString()).toBe('abc');
    expect((await concatInSlices([])).byteLength).toBe(0);
  });
});

describe('copyInSlices', () => {
  it('copies a file into memory of its own, a slice at a time', async () => {
    const bytes = bigFile();
    const { value, turns } = await turnsDuring(() => copyInSlices(bytes));
    expect(Buffer.from(value).equals(bytes)).toBe(true);
    expect(value.buffer).not.toBe(bytes.buffer);
    expect(value.byteOffset).toBe(0);
    expect(value.buffer.byteLength).toBe(bytes.byteLength);
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});

describe('forAnotherThread', () => {
  it('hands shared bytes on as they are, and copies others into memory of their own', async () => {
    const shared = await concatInSlices([bigFile()]);
    expect(await forAnotherThread(shared)).toBe(shared);
    const plain = bigFile();
    const copy = await forAnotherThread(plain);
    expect(copy.buffer).not.toBe(plain.buffer);
    expect(Buffer.from(copy).equals(plain)).toBe(true);
  });
});

describe('an analysis upload at the §5 limit', () => {
  it('is hashed for storage while other requests get their turns', async () => {
    const main = { name: 'long.eml', content: bigFile() };
    const attachment = { name: 'annexe.pdf', content: bigFile() };
    const { value: rows, turns } = await turnsDuring(() => analysisRows({ environmentId: 'env', main, attachments: [attachment] }));
    expect(rows.files.map((file) => file.sha256)).toEqual([main, attachment].map((file) => createHash('sha256').update(file.content).digest('hex')));
    // Two files of 12 slices each: a turn between every two slices at least.
    expect(turns).toBeGreaterThanOrEqual(20);
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answer, type WorkerMessage } from './protocol';

const fixture = (path: string) => new Uint8Array(readFileSync(new URL(`../../../shared/fixtures/${path}`, import.meta.url)));

/** The answer to one request, with the buffers listed for transfer. */
async function answered(bytes: Uint8Array | Blob, name: string, handBack?: boolean) {
  const posted: { message: WorkerMessage; transfer: ArrayBuffer[] }[] = [];
  await answer({ id: 7, name, bytes }, (message, transfer) => posted.push({ message, transfer }), handBack === undefined ? undefined : { handBack });
  const last = posted.at(-1)!;
  if (last.message.type !== 'result') throw new Error('no result posted');
  return { result: last.message, transfer: last.transfer };
}

describe('a parse worker answer', () => {
  it('hands the bytes it read back with the model, listed once for transfer with the blobs', async () => {
    const mail = fixture('eml/mixed.eml');
    const { result, transfer } = await answered(new Blob([mail]), 'mixed.eml', true);
    expect(result.ok).toBe(true);
    expect(result.input).toEqual(mail);
    expect(transfer).toContain(result.input!.buffer);
    expect(new Set(transfer).size).toBe(transfer.length);
    if (result.ok) for (const blob of result.blobs) expect(transfer).toContain(blob.buffer);
  });

  it('hands the bytes back when the file cannot be read, so the page can still offer them', async () => {
    const junk = new TextEncoder().encode('not an Outlook message');
    const { result, transfer } = await answered(new Blob([junk]), 'junk.msg', true);
    expect(result.ok).toBe(false);
    expect(result.input).toEqual(junk);
    expect(transfer).toEqual([result.input!.buffer]);
  });

  it("keeps the bytes when not asked to hand them back (the server's threads, a page that sent its own copy)", async () => {
    const { result } = await answered(fixture('eml/mixed.eml'), 'mixed.eml');
    expect(result.ok).toBe(true);
    expect(result.input).toBeUndefined();
  });
});

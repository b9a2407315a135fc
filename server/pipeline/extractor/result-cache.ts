/**
 * The extractor's `useCache` setting: a file already extracted with the same settings is not parsed
 * again (same bytes, same name and role, same settings). In memory, per process, bounded by an
 * estimate of the text and bytes it holds; the least recently used entry goes first.
 */
import type { CachedExtraction } from '../../../src/extractor/extract-files';

export type { CachedExtraction } from '../../../src/extractor/extract-files';

const MAX_BYTES = 64 * 1024 * 1024;

function weight(entry: CachedExtraction): number {
  let size = 0;
  for (const doc of entry.documents) {
    size += (doc.html?.length ?? 0) * 2;
    for (const block of doc.blocks) size += block.text.length * 2;
  }
  for (const attachment of entry.attachments) size += attachment.bytes.byteLength;
  // A word: its text and a box of four numbers, about 100 bytes as JavaScript objects.
  for (const page of entry.ocrPages) size += page.read.text.length * 2 + page.read.words.length * 100;
  return size + 1024;
}

export class ResultCache {
  private readonly entries = new Map<string, { value: CachedExtraction; weight: number }>();
  private total = 0;

  get(key: string): CachedExtraction | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    // Map order is insertion order: re-inserting marks it as the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: CachedExtraction): void {
    const size = weight(value);
    if (size > MAX_BYTES / 4) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.total -= previous.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight: size });
    this.total += size;
    for (const [oldest, entry] of this.entries) {
      if (this.total <= MAX_BYTES) break;
      this.entries.delete(oldest);
      this.total -= entry.weight;
    }
  }
}

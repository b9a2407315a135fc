import { describe, expect, it } from 'vitest';
import msgReaderModule from '@kenjiuno/msgreader';
import { fastReadInstalled, originalReadProperty, readBigStream } from './msgreader-fast-read';
import { fixture, fixtureNames } from './test-support/fixtures';

type MsgReaderClass = typeof msgReaderModule;
const MsgReader: MsgReaderClass = (msgReaderModule as unknown as { default?: MsgReaderClass }).default ?? msgReaderModule;
type Entry = { sizeBlock?: number; startBlock: number };
type ReaderInternals = { propertyData: Entry[] } & Parameters<typeof readBigStream>[0];

describe("msgreader's faster stream read", () => {
  it('is installed (a msgreader upgrade that renames its internals must be looked at)', () => {
    expect(fastReadInstalled).toBe(true);
  });

  it('reads every big stream of the MSG fixtures byte for byte as msgreader does', () => {
    let compared = 0;
    for (const name of fixtureNames('msg')) {
      const bytes = fixture(`msg/${name}`);
      const msg = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      msg.getFileData();
      const reader = (msg as unknown as { reader: ReaderInternals }).reader;
      for (const entry of reader.propertyData) {
        if (!entry.sizeBlock || entry.sizeBlock < 0x1000) continue;
        const fast = readBigStream(reader, entry as Entry & { sizeBlock: number });
        expect(Buffer.from(fast).equals(Buffer.from(originalReadProperty.call(reader, entry))), name).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('throws as msgreader does when a block lies past the end of the file', () => {
    const bytes = fixture('msg/200 recipients.msg');
    const msg = new MsgReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    msg.getFileData();
    const reader = (msg as unknown as { reader: ReaderInternals }).reader;
    const past = { sizeBlock: 0x2000, startBlock: Math.ceil(bytes.length / 512) + 4 };
    expect(() => originalReadProperty.call(reader, past)).toThrow(RangeError);
    expect(() => readBigStream(reader, past)).toThrow(RangeError);
  });
});

/**
 * Validates an OLE compound file (the container of .msg) before @kenjiuno/msgreader reads it.
 * Its reader follows sector chains and the directory tree without loop checks, so one changed byte
 * can make it loop while allocating until the process dies (TOOLCHAIN.md). Here every chain it will
 * walk is followed once with a visited set and bounds checks, mirroring its reader (Reader.js), and
 * any stream claiming more bytes than the file holds is refused.
 */
import { ParseError } from './errors';

const END_OF_CHAIN = -2;
const FREE = -1;
const NO_INDEX = -1;
const MINI_SECTOR = 64;
const MINI_CUTOFF = 4096;
const ENTRY_SIZE = 128;

const corrupt = (why: string) => new ParseError('corrupt', `Corrupted MSG compound file: ${why}.`);

export function assertSoundCompoundFile(bytes: Uint8Array): void {
  if (bytes.length < 512) throw corrupt('shorter than its header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const int = (offset: number) => {
    if (offset < 0 || offset + 4 > bytes.length) throw corrupt('read past the end of the file');
    return view.getInt32(offset, true);
  };
  const sectorSize = bytes[30] === 12 ? 4096 : 512;
  const perSector = sectorSize / 4;
  const sectorCount = Math.floor((bytes.length - sectorSize) / sectorSize) + (bytes.length % sectorSize ? 1 : 0);
  const inFile = (sector: number) => sector >= 0 && sector < sectorCount;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;

  const batCount = int(0x2c);
  const xbatCount = int(0x48);
  if (batCount < 0 || batCount > sectorCount) throw corrupt('impossible FAT sector count');
  if (xbatCount < 0 || xbatCount > sectorCount) throw corrupt('impossible DIFAT sector count');

  // FAT sector list: 109 in the header, the rest in the DIFAT chain (as the reader builds it).
  const fatSectors: number[] = [];
  for (let i = 0; i < Math.min(batCount, 109); i++) fatSectors.push(int(0x4c + 4 * i));
  let next = int(0x44);
  const seenDifat = new Set<number>();
  let remaining = batCount - Math.min(batCount, 109);
  for (let i = 0; i < xbatCount && remaining > 0; i++) {
    if (!inFile(next) || seenDifat.has(next)) throw corrupt('DIFAT chain loops or leaves the file');
    seenDifat.add(next);
    const base = sectorOffset(next);
    const count = Math.min(remaining, perSector - 1);
    for (let j = 0; j < count; j++) {
      const sector = int(base + 4 * j);
      if (sector === FREE || sector === END_OF_CHAIN) break;
      fatSectors.push(sector);
    }
    remaining -= count;
    next = int(base + 4 * (perSector - 1));
    if (next === FREE || next === END_OF_CHAIN) break;
  }
  for (const sector of fatSectors) if (!inFile(sector)) throw corrupt('FAT sector outside the file');

  const fatNext = (sector: number): number => {
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined) return END_OF_CHAIN;
    return int(sectorOffset(fatSector) + 4 * (sector % perSector));
  };
  /** Follows a FAT chain once; returns its sectors. */
  const walk = (start: number, limit = sectorCount, what = 'chain'): number[] => {
    const chain: number[] = [];
    const seen = new Set<number>();
    let sector = start;
    while (sector !== END_OF_CHAIN) {
      if (!inFile(sector) || seen.has(sector) || chain.length >= limit) throw corrupt(`${what} loops or leaves the file`);
      seen.add(sector);
      chain.push(sector);
      sector = fatNext(sector);
    }
    return chain;
  };

  // Mini FAT: the reader collects up to sbatCount sectors of its chain.
  const sbatStart = int(0x3c);
  const sbatCount = int(0x40);
  const miniFat: number[] = [];
  if (sbatStart && sbatStart !== END_OF_CHAIN && sbatCount > 0) {
    const chain = walk(sbatStart, sectorCount, 'mini FAT chain');
    miniFat.push(...chain.slice(0, sbatCount));
  }
  const miniNext = (sector: number): number => {
    const host = miniFat[Math.floor(sector / perSector)];
    if (host === undefined) return END_OF_CHAIN;
    return int(sectorOffset(host) + 4 * (sector % perSector));
  };

  // Directory entries.
  const directory = walk(int(0x30), sectorCount, 'directory chain');
  type Entry = { type: number; left: number; right: number; child: number; start: number; size: number };
  const entries: Entry[] = [];
  for (const sector of directory) {
    for (let i = 0; i < sectorSize / ENTRY_SIZE; i++) {
      const offset = sectorOffset(sector) + i * ENTRY_SIZE;
      if (offset + ENTRY_SIZE > bytes.length) break;
      entries.push({
        type: bytes[offset + 0x42]!,
        left: int(offset + 0x44),
        right: int(offset + 0x48),
        child: int(offset + 0x4c),
        start: int(offset + 0x74),
        size: int(offset + 0x78),
      });
    }
  }
  const root = entries[0];
  if (!root) throw corrupt('no root entry');

  // The directory tree: every entry reached at most once.
  const visited = new Set<number>([0]);
  const stack = [root.child];
  while (stack.length) {
    const index = stack.pop()!;
    if (index === NO_INDEX) continue;
    const entry = entries[index];
    if (!entry || visited.has(index)) throw corrupt('directory tree loops or points outside');
    visited.add(index);
    if (entry.type === 1 || entry.type === 2 || entry.type === 5) {
      stack.push(entry.left, entry.right);
      if (entry.type === 1) stack.push(entry.child);
    }
  }

  // Root (mini stream host) chain, then every stream the reader may read.
  const miniStreamSectors = root.start === END_OF_CHAIN ? [] : walk(root.start, sectorCount, 'mini stream chain');
  const miniSectorCount = (miniStreamSectors.length * sectorSize) / MINI_SECTOR;
  for (const index of visited) {
    const entry = entries[index]!;
    if (entry.type !== 2 || entry.size === 0) continue;
    if (entry.size < 0 || entry.size > bytes.length) throw corrupt('stream larger than the file');
    if (entry.size < MINI_CUTOFF) {
      const seen = new Set<number>();
      let sector = entry.start;
      while (sector !== END_OF_CHAIN) {
        if (sector < 0 || sector >= miniSectorCount || seen.has(sector)) throw corrupt('mini stream chain loops or leaves the file');
        seen.add(sector);
        sector = miniNext(sector);
      }
    } else {
      walk(entry.start, Math.ceil(entry.size / sectorSize) + 1, 'stream chain');
    }
  }
}

/**
 * Fuzz: byte-flipped and truncated copies of the fixtures of each format (fixed seed, so a failure
 * is reproducible) must each end in a model or a clear error, within the deadline, without killing
 * the worker. Runs through the Node parse pool, as the CLI does.
 *
 * The deadline here is a hang guard, not a speed test: the heaviest mutant costs about half a second
 * of CPU, but the parse workers run at a lowered priority (background-priority.mjs), so on 2 cores
 * busy with other test files a 10 s deadline stopped a healthy MSG parse. A parser that loops
 * forever still meets the guard. The workers start, and load their parsers, before the first case,
 * so no case's deadline pays for a worker's start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeParsePool } from './node-pool';
import { fixture, repoFixture } from './test-support/fixtures';
import { parseErrorCodes } from './errors';
import { seededRandom } from '../../server/test-support/seeded-random';

function* mutants(source: Uint8Array, count: number, random: () => number): Generator<Uint8Array> {
  for (let i = 0; i < count; i++) {
    if (i % 4 === 3) {
      yield source.slice(0, Math.floor(random() * source.length));
      continue;
    }
    const copy = source.slice();
    const flips = 1 + Math.floor(random() * 8);
    for (let f = 0; f < flips; f++) {
      // Half of the flips hit the first 4 KB, where headers and tables live.
      const limit = random() < 0.5 ? Math.min(4096, copy.length) : copy.length;
      copy[Math.floor(random() * limit)] = Math.floor(random() * 256);
    }
    yield copy;
  }
}

const corpus: Array<[string, string[]]> = [
  ['msg', ['msg/msgInMsg.msg', 'msg/nonUnicodeCP932.msg', 'msg/attachAndInline.msg', 'msg/A schedule.msg']],
  ['eml', ['eml/mimetorture.eml', 'eml/calendar-event.eml', 'eml/bounce.eml']],
  ['pdf', ['pdf/invoice.pdf', 'pdf/claim-letter-fr.pdf']],
];
/** The office formats and HTML, from the repository's own fixtures (test-fixtures/). */
const officeCorpus: Array<[string, string[]]> = [
  ['docx', ['office/letter.docx']],
  ['doc', ['office/letter.doc']],
  ['odt', ['office/letter.odt']],
  ['pptx', ['office/slides.pptx']],
  ['pptm', ['office/slides.pptm']],
  ['ppt', ['office/slides.ppt']],
  ['odp', ['office/slides.odp']],
  ['xlsx', ['office/orders.xlsx']],
  ['xlsm', ['office/orders.xlsm']],
  ['xls', ['office/orders.xls']],
  ['ods', ['office/orders.ods']],
  ['html', ['office/page.html']],
];
// Enough mutants to reach the parsers' many branches (each format's headers, tables and
// truncations), few enough that a case takes seconds, not minutes, on 2 loaded cores.
const OFFICE_PER_FORMAT = 40;
const PER_FORMAT = 120;
/** A hang guard (see the header): a parse past it is a `timeout`, which fails the case. */
const HANG_GUARD_MS = 60_000;

describe('fuzzed fixtures', () => {
  const pool = createNodeParsePool({ size: 2, deadlineMs: HANG_GUARD_MS });
  beforeAll(async () => {
    // One intact file per worker: both start and load the mail parsers before any deadline counts.
    const intact = await Promise.all([0, 1].map(() => pool.parse('intact.msg', fixture('msg/msgInMsg.msg'))));
    expect(intact.map((response) => response.ok)).toEqual([true, true]);
  }, 120_000);
  afterAll(() => pool.close());

  const all = [
    ...corpus.map(([format, files]) => ({ format, files, read: fixture, count: PER_FORMAT })),
    ...officeCorpus.map(([format, files]) => ({ format, files, read: repoFixture, count: OFFICE_PER_FORMAT })),
  ];
  for (const { format, files, read, count } of all) {
    it(`ends every mutated ${format} in a model or a clear error`, async () => {
      const random = seededRandom(0x5eed + format.length);
      const jobs: Promise<void>[] = [];
      const outcomes = { parsed: 0, refused: 0 };
      for (const file of files) {
        for (const bytes of mutants(read(file), Math.ceil(count / files.length), random)) {
          jobs.push(
            pool.parse(`fuzzed.${format}`, bytes).then((response) => {
              if (response.ok) outcomes.parsed++;
              else {
                outcomes.refused++;
                expect(parseErrorCodes).toContain(response.error.code);
                expect(['corrupt', 'unsupported'], `${file}: ${response.error.message}`).toContain(response.error.code);
                expect(response.error.message.length).toBeGreaterThan(0);
              }
            }),
          );
        }
      }
      await Promise.all(jobs);
      expect(outcomes.parsed + outcomes.refused).toBeGreaterThanOrEqual(count);
      // Mutants still reach the parser's reading, not only its first refusal.
      expect(outcomes.parsed).toBeGreaterThan(0);
    }, 240_000);
  }
});

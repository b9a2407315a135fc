/**
 * The batched log destination: lines reach the sink in order, in batches of about the set size,
 * after the period when fewer come, and all of them when the process flushes at exit.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { batchedDestination, type LineSink } from './log-destination';

function recordingSink(): LineSink & { batches: string[]; flushed: number } {
  const sink = {
    batches: [] as string[],
    flushed: 0,
    write(data: string) {
      sink.batches.push(data);
      return true;
    },
    flushSync() {
      sink.flushed += 1;
    },
  };
  return sink;
}

const line = (n: number) => `${JSON.stringify({ level: 30, n, msg: 'request completed' })}\n`;

describe('batchedDestination', () => {
  it('hands lines over in order, one batch once the set size is reached', () => {
    const sink = recordingSink();
    const destination = batchedDestination(sink, { batchCharacters: 100, periodMs: 60_000 });
    const written = Array.from({ length: 10 }, (_, n) => line(n));
    for (const each of written) destination.write(each);
    // Each line is about 40 characters: a batch every third line, the last line still gathered.
    expect(sink.batches.map((batch) => batch.split('\n').length - 1)).toEqual([3, 3, 3]);
    destination.close();
    expect(sink.batches.join('')).toBe(written.join(''));
    expect(sink.flushed).toBe(1);
  });

  it('hands a small batch over after the period', async () => {
    const sink = recordingSink();
    const destination = batchedDestination(sink, { batchCharacters: 4096, periodMs: 20 });
    destination.write(line(1));
    expect(sink.batches).toEqual([]);
    await expect.poll(() => sink.batches).toEqual([line(1)]);
    destination.close();
  });

  it('writes what is gathered when flushed synchronously, as at exit', () => {
    const sink = recordingSink();
    const destination = batchedDestination(sink, { batchCharacters: 4096, periodMs: 60_000 });
    destination.write(line(1));
    destination.write(line(2));
    destination.flushSync();
    expect(sink.batches).toEqual([line(1) + line(2)]);
    expect(sink.flushed).toBe(1);
    destination.close();
  });
});

describe('stdoutDestination', () => {
  it('writes every gathered line to stdout before the process exits', async () => {
    const module = fileURLToPath(new URL('./log-destination.ts', import.meta.url));
    const program = `import { stdoutDestination } from ${JSON.stringify(module)};
const destination = stdoutDestination();
for (let n = 0; n < 3; n += 1) destination.write(JSON.stringify({ n }) + '\\n');
process.exit(0);`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program]);
    expect(stdout).toBe('{"n":0}\n{"n":1}\n{"n":2}\n');
  });
});

/**
 * Where the server's log lines go: stdout, written asynchronously (sonic-boom, pino's own
 * destination) in batches of about 4 KB (some fifteen request lines), or every quarter of a second
 * when fewer come.
 *
 * Why lines are gathered here and not by sonic-boom's `minLength`: sonic-boom appends each line to
 * its pending batch and measures that batch's byte length on every line, so each line copied the
 * kilobytes before it into a new string (a large share of a small API call, bench/api). Here a line
 * is pushed on a list; sonic-boom gets one 4 KB string per batch. One write per line, as before the
 * batches, cost a system call and a thread-pool round trip per request.
 */
import pino from 'pino';

/** sonic-boom's part: what the batches are handed to. */
export interface LineSink {
  write(data: string): boolean;
  flushSync(): void;
}

export interface BatchedDestination extends pino.DestinationStream {
  /** Hands the gathered lines over and writes everything pending before returning (exit, close). */
  flushSync(): void;
  /** Flushes and stops the timer. */
  close(): void;
}

export const BATCH_CHARACTERS = 4096;
export const BATCH_PERIOD_MS = 250;

export function batchedDestination(sink: LineSink, options: { batchCharacters?: number; periodMs?: number } = {}): BatchedDestination {
  const batchCharacters = options.batchCharacters ?? BATCH_CHARACTERS;
  let lines: string[] = [];
  let characters = 0;
  const handOver = () => {
    if (lines.length === 0) return;
    const batch = lines.length === 1 ? (lines[0] as string) : lines.join('');
    lines = [];
    characters = 0;
    sink.write(batch);
  };
  const timer = setInterval(handOver, options.periodMs ?? BATCH_PERIOD_MS);
  timer.unref();
  const flushSync = () => {
    handOver();
    sink.flushSync();
  };
  return {
    write(line: string) {
      lines.push(line);
      characters += line.length;
      if (characters >= batchCharacters) handOver();
    },
    flushSync,
    close() {
      clearInterval(timer);
      flushSync();
    },
  };
}

let stdout: BatchedDestination | undefined;

/**
 * Stdout, batched, one per process (every app of the process shares it, like the file it writes
 * to); what is still gathered when the process exits is written before it does.
 */
export function stdoutDestination(): BatchedDestination {
  if (stdout === undefined) {
    const destination = batchedDestination(pino.destination({ dest: 1, sync: false }));
    process.once('exit', () => destination.flushSync());
    stdout = destination;
  }
  return stdout;
}

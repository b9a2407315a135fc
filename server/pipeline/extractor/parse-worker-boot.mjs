// The pipeline's parse thread: tells the pipeline which OS thread it is (so metered-parser.ts can
// read that thread's own CPU clock in /proc), then becomes the shared parse worker of src/parsing.
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

function threadId() {
  try {
    // "<pid>/task/<tid>" on Linux; absent elsewhere (the meter then falls back to active time).
    return Number(readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return null;
  }
}
parentPort?.postMessage({ id: -1, type: 'thread', tid: threadId() });
await import('../../../src/parsing/node-worker-boot.mjs');

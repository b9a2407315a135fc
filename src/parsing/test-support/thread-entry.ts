/** A worker thread's entry for worker-entry.test.ts: reports what its modules see once loaded. */
import { parentPort } from 'node:worker_threads';
import { getLcidToAnsiCodePages } from '@kenjiuno/msgreader/lib/Defs';
import { FIXTURES } from './fixtures';

parentPort?.postMessage({ url: import.meta.url, fixtures: FIXTURES, frenchCodePage: getLcidToAnsiCodePages()[1036]?.[0], stack: new Error('where').stack });

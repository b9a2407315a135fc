/**
 * vitest global setup of the unit stage: the worker threads' bundles (src/parsing/worker-entry.mjs)
 * made once before the test processes start, rather than by each of them at its first thread.
 */
import { THREADS, prepareBundles } from '../../src/parsing/worker-entry.mjs';

export default async function setup(): Promise<void> {
  await prepareBundles(Object.values(THREADS).map((thread) => thread.entry));
}

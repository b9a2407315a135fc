/** Types of worker-entry.mjs (plain JavaScript: the threads' boot files import it before any loader). */
export function importWorkerEntry(entry: URL): Promise<unknown>;
export function bundlePaths(entry: URL): { name: string; manifest: string };
export function freshBundle(entry: URL): string | null;
export function buildBundle(entry: URL): Promise<string>;
export { THREADS } from './thread-paths.mjs';
export function prepareBundles(entries: readonly URL[]): Promise<void>;

/** Types of thread-paths.mjs (plain JavaScript, shared by the pools and worker-entry.mjs). */
export const THREADS: Record<'parse' | 'module' | 'OCR' | 'database', { boot: URL; entry: URL }>;
export function threadExecArgv(argv?: readonly string[]): string[];

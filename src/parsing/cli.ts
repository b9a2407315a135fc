/**
 * `npm run parse -- FILE…`: prints the normalised model of each file as JSON, one object per line
 * (`{"file", "error": {"code", "message"}}` for a file it cannot read). Exit status 0 when every file
 * parsed, 1 otherwise. Every parse runs in a worker thread with the viewer's deadline, so a hostile
 * file cannot hang the command. POSTROOM_PARSE_DEADLINE_MS changes the deadline.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Writable } from 'node:stream';
import { createNodeParsePool } from './node-pool';

/** Writes `text` and waits until `out` has handed it on (to the pipe or file): only then may the process exit. */
function written(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => out.write(text, (error) => (error ? reject(error) : resolve())));
}

/**
 * Parses `files` and prints a line per file to `out`; resolves with the exit status once every line
 * has left: a reader slower than the parse (a pipe to a busy program) would otherwise lose the last
 * lines when the process exits.
 */
export async function parseFiles(files: string[], out: Writable): Promise<number> {
  if (files.length === 0) {
    process.stderr.write('usage: npm run parse -- FILE…\n');
    return 1;
  }
  const deadlineMs = Number(process.env.POSTROOM_PARSE_DEADLINE_MS) || undefined;
  const pool = createNodeParsePool({ deadlineMs });
  const results = files.map(async (file) => {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'notFound' : 'unreadable';
      const message = code === 'notFound' ? `File "${file}" not found.` : (error as Error).message;
      return { file, error: { code, message } };
    }
    const response = await pool.parse(basename(file), bytes);
    return response.ok ? { ...response.model, file } : { file, error: response.error };
  });
  let failed = 0;
  // Printed in the order given, each as soon as it and those before it are done.
  for (const result of results) {
    const value = await result;
    if ('error' in value) failed++;
    await written(out, `${JSON.stringify(value)}\n`);
  }
  pool.close();
  return failed ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  parseFiles(process.argv.slice(2), process.stdout).then(
    (status) => process.exit(status),
    (error) => {
      process.stderr.write(`${(error as Error).stack ?? error}\n`);
      process.exit(1);
    },
  );
}

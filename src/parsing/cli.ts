/**
 * `npm run parse -- FILE…`: prints the normalised model of each file as JSON, one object per line
 * (`{"file", "error": {"code", "message"}}` for a file it cannot read). Exit status 0 when every file
 * parsed, 1 otherwise. Every parse runs in a worker thread with the viewer's deadline, so a hostile
 * file cannot hang the command. POSTROOM_PARSE_DEADLINE_MS changes the deadline.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { createNodeParsePool } from './node-pool';

async function main(files: string[]): Promise<number> {
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
    process.stdout.write(`${JSON.stringify(value)}\n`);
  }
  pool.close();
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (status) => process.exit(status),
  (error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);

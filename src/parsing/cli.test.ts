import { execFile } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFiles } from './cli';
import { FIXTURES, REPO_FIXTURES } from './test-support/fixtures';

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));

function run(...files: string[]): Promise<{ status: number; lines: any[] }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', cli, ...files], { timeout: 60_000 }, (error, stdout) => {
      resolve({ status: error ? Number(error.code ?? 1) : 0, lines: stdout.trim().split('\n').map((line) => JSON.parse(line)) });
    });
  });
}

describe('npm run parse', () => {
  it('prints one model per file and exits 0 when all parse', async () => {
    const { status, lines } = await run(`${FIXTURES}eml/arf.eml`, `${FIXTURES}pdf/invoice.pdf`);
    expect(status).toBe(0);
    expect(lines.map((line) => line.kind)).toEqual(['email', 'pdf']);
    expect(lines[0].email.subject).toBe('FW: Earn money');
  });

  it('prints an error object for a missing file and exits 1', async () => {
    const { status, lines } = await run(`${FIXTURES}msg/Simple.msg`, '/nonexistent/mail.eml');
    expect(status).toBe(1);
    expect(lines[0].email.subject).toBe('Simple');
    expect(lines[1]).toEqual({ file: '/nonexistent/mail.eml', error: { code: 'notFound', message: 'File "/nonexistent/mail.eml" not found.' } });
  });

  it('reads the office formats and HTML, and says when a damaged one cannot be read', async () => {
    const office = `${REPO_FIXTURES}office/`;
    const { status, lines } = await run(`${office}letter.docx`, `${office}orders.xlsx`, `${office}slides.odp`, `${office}page.html`, `${REPO_FIXTURES}damaged/truncated-letter.docx`);
    expect(status).toBe(1);
    expect(lines.map((line) => line.kind ?? line.error.code)).toEqual(['document', 'spreadsheet', 'document', 'html', 'corrupt']);
    expect(lines[0].document.pages[1].text).toContain('Élodie Marchand');
    expect(lines[1].spreadsheet.sheets[1]).toMatchObject({ name: 'Interne', hidden: true });
  });

  it('ends only once a slow reader has taken every line', async () => {
    // A pipe whose reader is busy: each line is taken a few turns of the event loop after it is written.
    const taken: string[] = [];
    let waiting = 0;
    const slowPipe = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        waiting += 1;
        const later = (turns: number): void => {
          if (turns > 0) return void setImmediate(() => later(turns - 1));
          taken.push(chunk.toString());
          waiting -= 1;
          done();
        };
        later(20);
      },
    });
    const files = [`${FIXTURES}eml/arf.eml`, `${FIXTURES}eml/mixed.eml`, `${FIXTURES}pdf/invoice.pdf`, `${FIXTURES}msg/Simple.msg`];
    const status = await parseFiles(files, slowPipe);
    expect(status).toBe(0);
    expect(waiting).toBe(0);
    expect(taken.map((line) => JSON.parse(line).file)).toEqual(files);
  });
});


/**
 * npm run bench:ocr — our OCR (tesseract.js 7, fra+eng "best_int" data from npm, in the server's
 * OCR pool) against Debian's `tesseract` command (same languages) on the same pages: PDF pages with
 * a known text layer, rendered at 300 dpi by the same renderer the server uses. Prints the machine
 * line, seconds per page (wall, one page at a time, engine start-up left out) and the character
 * error rate (edit distance over the reference length, white space collapsed) for both, side by
 * side, and the ratios. Targets: within 1.5× the peer's time per page, within 1 point of its error
 * rate, under 3 % on clean pages. The peer is run with OMP_THREAD_LIMIT=1, one thread like ours.
 * Needs `apt-get install tesseract-ocr tesseract-ocr-fra`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { machineLine } from '../machine.mjs';
import { OcrPool } from '../../server/ocr/ocr-pool.ts';
import { renderPdfPage } from '../../server/ocr/render-pdf.ts';
import { pageTextOf } from '../../src/parsing/pdf-text.ts';

const SHARED = new URL('../../../shared/fixtures/pdf/', import.meta.url);
const PAGES = [
  ['claim-letter-fr.pdf', 1],
  ['invoice.pdf', 1],
  ['report-120-pages.pdf', 1],
  ['report-120-pages.pdf', 2],
  ['report-120-pages.pdf', 60],
];

const normalise = (text) => text.replace(/\s+/g, ' ').trim();
function distance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}
const cer = (reference, read) => distance(normalise(reference), normalise(read)) / Math.max(1, normalise(reference).length);

async function referenceText(bytes, number) {
  const task = getDocument({ data: bytes.slice(), isEvalSupported: false });
  const doc = await task.promise;
  const text = pageTextOf(await (await doc.getPage(number)).getTextContent());
  await task.destroy();
  return text;
}

try {
  execFileSync('tesseract', ['--version'], { stdio: 'ignore' });
} catch {
  console.error('Debian\'s tesseract is missing: apt-get install tesseract-ocr tesseract-ocr-fra');
  process.exit(1);
}
console.log(machineLine(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`));
const peerVersion = execFileSync('tesseract', ['--version']).toString().split('\n')[0];
console.log(`ours: tesseract.js 7 (fra+eng 4.0.0_best_int, LSTM); peer: ${peerVersion} (fra+eng, Debian data), OMP_THREAD_LIMIT=1; pages rendered at 300 dpi`);

const folder = mkdtempSync(join(os.tmpdir(), 'postroom-bench-ocr-'));
const pool = new OcrPool(1, 300_000);
// Engine start-up (language data loaded) is left out of the per-page figures.
const startup = performance.now();
await pool.recognize(new Uint8Array(readFileSync(new URL('../../test-fixtures/sources/stamp.png', import.meta.url))));
console.log(`our engine start-up: ${((performance.now() - startup) / 1000).toFixed(2)} s`);

const rows = [];
for (const [file, number] of PAGES) {
  const bytes = new Uint8Array(readFileSync(new URL(file, SHARED)));
  const reference = await referenceText(bytes, number);
  const { png } = await renderPdfPage(bytes, number, 300);
  const image = join(folder, `${file}-${number}.png`);
  writeFileSync(image, png);

  let started = performance.now();
  const ours = await pool.recognize(png);
  const oursSeconds = (performance.now() - started) / 1000;
  if (!ours.ok) throw new Error(ours.message);

  started = performance.now();
  const peerText = execFileSync('tesseract', [image, '-', '-l', 'fra+eng'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, stdio: ['ignore', 'pipe', 'ignore'] }).toString();
  const peerSeconds = (performance.now() - started) / 1000;
  rows.push({ page: `${file} p${number}`, chars: normalise(reference).length, oursSeconds, peerSeconds, oursCer: cer(reference, ours.page.text), peerCer: cer(reference, peerText) });
}
pool.close();
rmSync(folder, { recursive: true, force: true });

const pct = (value) => `${(value * 100).toFixed(2)} %`;
console.log('\npage                          chars   ours s/page  peer s/page   ours CER   peer CER');
for (const row of rows) {
  console.log(`${row.page.padEnd(28)} ${String(row.chars).padStart(6)} ${row.oursSeconds.toFixed(2).padStart(12)} ${row.peerSeconds.toFixed(2).padStart(12)} ${pct(row.oursCer).padStart(10)} ${pct(row.peerCer).padStart(10)}`);
}
const mean = (key) => rows.reduce((sum, row) => sum + row[key], 0) / rows.length;
const chars = rows.reduce((sum, row) => sum + row.chars, 0);
const pooled = (key) => rows.reduce((sum, row) => sum + row[key] * row.chars, 0) / chars;
console.log(`\nmean seconds per page: ours ${mean('oursSeconds').toFixed(2)} s, peer ${mean('peerSeconds').toFixed(2)} s, ratio ${(mean('oursSeconds') / mean('peerSeconds')).toFixed(2)}× (target ≤ 1.5×)`);
console.log(`character error rate over ${chars} characters: ours ${pct(pooled('oursCer'))}, peer ${pct(pooled('peerCer'))}, difference ${((pooled('oursCer') - pooled('peerCer')) * 100).toFixed(2)} points (target ≤ 1 point; < 3 % on clean pages)`);

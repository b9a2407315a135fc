/**
 * bench:qualification: a scripted qualifier in Chromium, against the built console and the real
 * server, qualifies BENCH_MESSAGES bank messages (default 50) of the demo NLU project on its
 * production environment — the category by its number key, the contract number and the claim date
 * each by a field button and a mouse drag over the words in the mail, accept with A — and prints
 * keystrokes and seconds per message. Targets: ≤ 4 keystrokes and ≤ 2 s of machine time per message
 * (nobody thinks here: every second is the console's and the server's).
 *
 * In the same run, as baselines: the same number of other messages walked with A alone (open, accept,
 * next: what the screen costs without labelling), and the keystrokes the same values take typed into
 * a form with free-text keys (category name, field names, values, a Tab between fields). Every saved
 * value is then read back through the API: right category, both fields, each with its evidence.
 */
import os from 'node:os';
import { chromium } from 'playwright-core';
import { machineLine } from '../machine.mjs';
import { migrateDatabase } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { seedDemo } from '../../server/db/seed.ts';
import { testingCenterParameters } from '../../server/db/schema.ts';
import { testingCenterParametersSchema } from '../../src/contract/testing-center.ts';
import { insertBankMessage, insertManualSet, mailFile } from '../../server/testing-center/test-support.ts';
import { startServerProcess } from '../../scripts/server-process.ts';
import { CHROMIUM, CHROMIUM_ARGS, signInPage } from '../chromium.mjs';
import { DEMO_PASSWORD } from '../../server/db/seed-data.ts';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50);
const PROJECT = 'demo-nlu';
// The production environment's first four body categories, in the order the picker numbers them.
const CATEGORIES = ['Déclaration de sinistre', 'Résiliation', 'Demande de devis', "Changement d'adresse"];

const contractOf = (i) => `AU-${String(30000 + i)}`;
const dateOf = (i) => `${String((i % 28) + 1).padStart(2, '0')}/03/2026`;
const mailOf = (i) =>
  mailFile(
    `Dossier ${i}`,
    `Bonjour,\n\nJe vous écris au sujet de mon contrat ${contractOf(i)}. Les faits datent du ${dateOf(i)} et je souhaite que vous traitiez ma demande rapidement.\n\nCordialement,\nJean Martin`,
  );

async function writeBank(pgliteDir) {
  const handle = await openDatabase(pgliteDir);
  await migrateDatabase(handle);
  await seedDemo(handle.db);
  // The demo project reads no RPA values: the kind is ignored, as such a project sets it.
  await handle.db
    .insert(testingCenterParameters)
    .values({ projectId: PROJECT, parameters: testingCenterParametersSchema.parse({ kinds: { rpa: { ignored: true } } }) })
    .onConflictDoUpdate({ target: testingCenterParameters.projectId, set: { parameters: testingCenterParametersSchema.parse({ kinds: { rpa: { ignored: true } } }) } });
  const sets = {};
  for (const [name, offset] of [['walk', 0], ['label', MESSAGES]]) {
    const ids = [];
    for (let i = 0; i < MESSAGES; i++) {
      // Oldest first is the set's order: each message a second after the one before.
      ids.push(await insertBankMessage(handle.db, PROJECT, { name: `${name}-${String(i).padStart(3, '0')}.eml`, content: mailOf(offset + i), expected: {}, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, offset + i)) }));
    }
    sets[name] = { id: await insertManualSet(handle.db, PROJECT, `Bench ${name}`, ids), ids };
  }
  await handle.close();
  return sets;
}

/** Drags the mouse over the words in the mail's text, as a person selecting them does. */
async function dragOver(page, words) {
  const box = await page.getByTestId('mail-text').evaluate((pre, wanted) => {
    const node = pre.firstChild;
    const at = node.data.indexOf(wanted);
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + 1);
    const first = range.getBoundingClientRect();
    range.setStart(node, at + wanted.length - 1);
    range.setEnd(node, at + wanted.length);
    const last = range.getBoundingClientRect();
    return { x1: first.left + 1, y1: first.top + first.height / 2, x2: last.right - 1, y2: last.top + last.height / 2 };
  }, words);
  await page.mouse.move(box.x1, box.y1);
  await page.mouse.down();
  await page.mouse.move(box.x2, box.y2, { steps: 3 });
  await page.mouse.up();
}

async function shown(page, position, total) {
  await page.getByTestId('qualification-position').filter({ hasText: `Message ${position} sur ${total}` }).waitFor({ timeout: 30_000 });
  await page.getByTestId('mail-text').waitFor({ timeout: 30_000 });
  await page.locator('[data-kind="categories"] input[data-category]').first().waitFor({ timeout: 30_000 });
}

/** Walks a set: per message the time from shown to the next shown, and the keys and pointer moves used. */
async function walk(page, setId, label) {
  await page.goto(`/project/${PROJECT}/testing-center/messages-bank/qualification?set=${setId}&env=${PROJECT}-prod`);
  const times = [];
  let keys = 0;
  let pointer = 0;
  const press = async (key) => {
    keys++;
    await page.keyboard.press(key);
  };
  await shown(page, 1, MESSAGES);
  for (let i = 0; i < MESSAGES; i++) {
    const started = performance.now();
    if (label) {
      await press(String((i % CATEGORIES.length) + 1));
      for (const [field, words] of [
        ['Numéro de contrat', contractOf(MESSAGES + i)],
        ['Date du sinistre', dateOf(MESSAGES + i)],
      ]) {
        pointer++;
        await page.locator('[data-kind="extracted_informations"]').getByRole('button', { name: field, exact: true }).click();
        pointer++;
        await dragOver(page, words);
        await page.locator('[data-kind="extracted_informations"]').getByText(/^Pris dans/).nth(field === 'Numéro de contrat' ? 0 : 1).waitFor();
      }
      // The drag's mouse press took the focus out of the value field: A accepts.
    }
    const saved = page.waitForResponse((response) => response.url().endsWith('/expected') && response.request().method() === 'PUT');
    await press('a');
    await saved;
    if (i < MESSAGES - 1) await shown(page, i + 2, MESSAGES);
    times.push(performance.now() - started);
  }
  return { times, keys, pointer };
}

async function checkSaved(baseUrl, token, ids) {
  let right = 0;
  for (const [i, id] of ids.entries()) {
    const response = await fetch(`${baseUrl}/v4/console/api/project/${PROJECT}/testing-center/messages/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const message = await response.json();
    const fields = Object.fromEntries((message.expected.extracted_informations?.values ?? []).map((entry) => [entry.key, entry]));
    const ok =
      message.expected.categories?.qualified === true &&
      message.expected.categories.values[0]?.value === CATEGORIES[i % CATEGORIES.length] &&
      fields.numeroContrat?.value === contractOf(MESSAGES + i) &&
      fields.numeroContrat?.evidence?.quote === contractOf(MESSAGES + i) &&
      fields.dateSinistre?.value === dateOf(MESSAGES + i) &&
      message.expected.extracted_informations?.qualified === true;
    if (ok) right++;
  }
  return right;
}

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, median: sorted[Math.floor(sorted.length / 2)], max: sorted.at(-1) };
};

console.log(machineLine(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`));
let sets;
const server = await startServerProcess({ env: { POSTROOM_PIPELINE_WORKERS: '0' }, writeDatabase: async (dir) => (sets = await writeBank(dir)) });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInPage(page, 'qualifier');
  const login = await fetch(`${server.url}/api/login_check`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'qualifier', password: DEMO_PASSWORD }) });
  const { token } = await login.json();

  const bare = await walk(page, sets.walk.id, false);
  const labelled = await walk(page, sets.label.id, true);
  const right = await checkSaved(server.url, token, sets.label.ids);

  const typed =
    Array.from({ length: MESSAGES }, (_, i) => CATEGORIES[i % CATEGORIES.length].length + 'numeroContrat'.length + contractOf(MESSAGES + i).length + 'dateSinistre'.length + dateOf(MESSAGES + i).length + 4 + 1).reduce((a, b) => a + b, 0) / MESSAGES;
  const label = stats(labelled.times);
  const base = stats(bare.times);
  const keysPerMessage = labelled.keys / MESSAGES;
  console.log(`Chromium ${browser.version()}, ${MESSAGES} messages per side, viewport 1280 × 800`);
  console.log(`walk (open, A, next): ${(base.mean / 1000).toFixed(2)} s per message (median ${(base.median / 1000).toFixed(2)}, max ${(base.max / 1000).toFixed(2)})`);
  console.log(
    `labelling (category key, 2 fields from selected words, A): ${(label.mean / 1000).toFixed(2)} s per message (median ${(label.median / 1000).toFixed(2)}, max ${(label.max / 1000).toFixed(2)}), ` +
      `×${(label.mean / base.mean).toFixed(2)} the walk; target ≤ 2 s: ${label.mean <= 2000 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `keystrokes per message: ${keysPerMessage.toFixed(1)} (target ≤ 4: ${keysPerMessage <= 4 ? 'met' : 'NOT met'}), plus ${(labelled.pointer / MESSAGES).toFixed(1)} clicks or drags; ` +
      `typing the same values with free-text keys: ${typed.toFixed(1)} keystrokes (×${(keysPerMessage / typed).toFixed(2)})`,
  );
  console.log(`saved as labelled, with evidence: ${right} / ${MESSAGES}; progress shown: ${await page.getByTestId('qualification-progress').textContent()}`);
  if (right !== MESSAGES) process.exitCode = 1;
} finally {
  await browser.close();
  await server.stop();
}
process.exit(process.exitCode ?? 0);

/**
 * bench:testing-center: a test run's messages per CPU-second beside the plain pipeline's
 * analyses per CPU-second, in one process, on the same fixture mails (bench/pipeline/_measure.mjs),
 * through the same demo NLU configuration (extractor cache off, 1 worker / 1 test runner). The test
 * run reads the files from the bank, runs the shared module loop (server/pipeline/run-modules.ts),
 * evaluates the message and writes its row; the plain pipeline claims, traces each step and finishes.
 * Target: the test run costs at most 20 % more CPU per message. BENCH_MESSAGES (default 1,000) sets
 * the batch size of each side.
 *
 * Then the results page in Chromium (results-page.mjs): 1,000 messages, 50 categories, beside the
 * analyses list as a peer page. BENCH_PAGE_ONLY=1 measures only the page (no throughput half).
 */
import os from 'node:os';
import { machineLine } from '../machine.mjs';
import { mails, openBenchDatabase, pipelineMeter, seededModules } from '../pipeline/_measure.mjs';
import { createNluRuntime } from '../../server/nlu/runtime.ts';
import { launchTestRun } from '../../server/testing-center/launch-test-run.ts';
import { createTestRunner } from '../../server/testing-center/test-runner.ts';
import { expectCategories, insertBankMessage, insertManualSet } from '../../server/testing-center/test-support.ts';

if (!process.env.BENCH_PAGE_ONLY) await throughput();
else console.log(machineLine(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`));

const { measureResultsPage, reportResultsPage } = await import('./results-page.mjs');
const page = await measureResultsPage();
reportResultsPage(page);
process.exit(0);

async function throughput() {
  const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
  const rounds = Math.max(1, Math.round(MESSAGES / mails.length));
  const handle = await openBenchDatabase();
  const db = handle.db;

  console.log(machineLine(`load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`));
  console.log(`${mails.length} fixture files × ${rounds} rounds = ${mails.length * rounds} messages per side, extractor cache off, in-memory PGlite`);

  // A. The plain pipeline on demo-nlu-prod with its seeded modules (the vision engine waits on a remote model: left out).
  const modules = (await seededModules(db)).filter((module) => module.type !== 'visionEngine');
  const plain = await pipelineMeter(db, rounds)(modules);
  const plainPerCpuSecond = plain.count / plain.cpuSeconds;
  console.log(`A plain pipeline: ${plain.processed}/${plain.count} processed in ${plain.seconds.toFixed(2)} s; process CPU ${plain.cpuSeconds.toFixed(2)} s → ${plainPerCpuSecond.toFixed(1)} analyses per CPU-second`);

  // B. A test run of the same environment (same settings, just stored by the meter) on the same messages in a bank set.
  const ids = [];
  for (let round = 0; round < rounds; round++) {
    for (const mail of mails) ids.push(await insertBankMessage(db, 'demo-nlu', { name: mail.name, content: mail.content, expected: expectCategories('Résiliation') }));
  }
  const setId = await insertManualSet(db, 'demo-nlu', 'bench', ids);
  const runner = createTestRunner({ db, nlu: createNluRuntime({ startupMs: 0 }) });
  // Warm-up: one message, so the parse thread and the NLU engine start outside the clock (as A does).
  const warmSet = await insertManualSet(db, 'demo-nlu', 'bench-warm', ids.slice(0, 1));
  runner.schedule(await launchTestRun(db, { projectId: 'demo-nlu', environmentId: 'demo-nlu-prod', setId: warmSet, versionId: null, userId: null, seesPrivate: true }));
  await runner.idle();
  const runId = await launchTestRun(db, { projectId: 'demo-nlu', environmentId: 'demo-nlu-prod', setId, versionId: null, userId: null, seesPrivate: true });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  runner.schedule(runId);
  await runner.idle();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const statuses = (await db.execute(`SELECT status, count(*)::int AS n FROM testing_run_messages WHERE run_id = '${runId}' GROUP BY status`)).rows;
  const testPerCpuSecond = ids.length / cpuSeconds;
  console.log(
    `B test run: ${statuses.map((row) => `${row.status} ${row.n}`).join(', ')} in ${seconds.toFixed(2)} s (${(ids.length / seconds).toFixed(1)} messages per second); ` +
      `process CPU ${cpuSeconds.toFixed(2)} s → ${testPerCpuSecond.toFixed(1)} messages per CPU-second`,
  );
  const ratio = plainPerCpuSecond / testPerCpuSecond;
  console.log(
    `CPU per message: plain ${(1000 / plainPerCpuSecond).toFixed(1)} ms, test run ${(1000 / testPerCpuSecond).toFixed(1)} ms; ` +
      `test run beside plain: ×${ratio.toFixed(2)} (target ≤ ×1.20: ${ratio <= 1.2 ? 'met' : 'NOT met'})`,
  );
  await runner.stop();
  await handle.close();
}

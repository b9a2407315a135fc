/**
 * A vitest reporter that ends each run with its 15 costliest test files, so the cost of a new test
 * shows where everyone looks, and checks each file against its budget in tests/time-budgets.json (a
 * default per suite, `unit` or `e2e` — the reporter's option —, and the files allowed more, each with
 * its reason).
 *
 * What is measured: the unit suite's files, the CPU time of their process (worker threads included),
 * which src/test-setup.ts writes where this reporter reads it: it does not grow when the machine is
 * busy, unlike wall time, which triples on a loaded 2-core one. The browser scenarios spend their
 * time in Chromium and the server, other processes: their wall time, with a budget for a busy machine.
 *
 * A file over its budget fails the run when it is measured in CPU time (TEST_TIME_BUDGETS=report only
 * reports it, e.g. while profiling); a wall-time budget is reported, since a busy machine alone can
 * break it, and fails the run with TEST_TIME_BUDGETS=enforce. TEST_TIMES_JSON=file writes every
 * file's figures there.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const SHOWN = 15;
const budgets = JSON.parse(readFileSync(new URL('../tests/time-budgets.json', import.meta.url), 'utf8'));

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(6);

export default class SlowestFilesReporter {
  constructor({ suite }) {
    this.suite = suite;
    this.budgets = budgets[suite];
  }

  onInit(vitest) {
    this.root = vitest.config.root;
    if (this.budgets.measure === 'cpu') {
      // Read by src/test-setup.ts in every test process (they inherit this environment).
      this.cpuDir = mkdtempSync(join(tmpdir(), 'postroom-test-cpu-'));
      process.env.POSTROOM_TEST_CPU_DIR = this.cpuDir;
    }
  }

  /** CPU milliseconds per absolute test file path, as the test processes wrote them. */
  cpuTimes() {
    const times = new Map();
    if (this.cpuDir === undefined) return times;
    for (const name of readdirSync(this.cpuDir)) {
      const { filepath, cpuMs } = JSON.parse(readFileSync(join(this.cpuDir, name), 'utf8'));
      times.set(filepath, cpuMs);
    }
    rmSync(this.cpuDir, { recursive: true, force: true });
    return times;
  }

  onTestRunEnd(testModules, _errors, reason) {
    if (reason === 'interrupted' || testModules.length === 0) return;
    const cpu = this.cpuTimes();
    const byCpu = this.budgets.measure === 'cpu';
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const file = relative(this.root, module.moduleId);
      const wallMs = diagnostic.collectDuration + diagnostic.duration;
      const cpuMs = cpu.get(module.moduleId);
      return { file, wallMs, cpuMs, costMs: byCpu ? (cpuMs ?? 0) : wallMs, budgetSeconds: this.budgets.files[file]?.seconds ?? this.budgets.defaultSeconds };
    });
    files.sort((a, b) => b.costMs - a.costMs);

    const what = byCpu ? 'CPU seconds (wall seconds)' : 'wall seconds';
    const lines = [`\nThe ${Math.min(SHOWN, files.length)} costliest of ${files.length} test files, in ${what}:`];
    for (const entry of files.slice(0, SHOWN)) {
      const wall = byCpu ? ` (${seconds(entry.wallMs).trim()})` : '';
      // A file whose tests were all skipped runs no hook, so writes no CPU time.
      const cost = byCpu && entry.cpuMs === undefined ? '     –' : seconds(entry.costMs);
      lines.push(`${cost}${wall}  ${entry.file}  (budget ${entry.budgetSeconds} s)`);
    }
    console.log(lines.join('\n'));
    // Every file's figures, for whoever looks for what to make cheaper next (not only the top 15).
    if (process.env.TEST_TIMES_JSON) writeFileSync(process.env.TEST_TIMES_JSON, JSON.stringify(files, null, 1));

    const over = files.filter((entry) => entry.costMs > entry.budgetSeconds * 1000);
    if (over.length === 0) return;
    const list = over.map((entry) => `  ${entry.file}: ${(entry.costMs / 1000).toFixed(1)} s, budget ${entry.budgetSeconds} s`).join('\n');
    const setting = process.env.TEST_TIME_BUDGETS;
    const enforced = setting === 'enforce' || (byCpu && setting !== 'report');
    console.log(
      `\n${enforced ? 'OVER BUDGET' : 'Over budget (reported; TEST_TIME_BUDGETS=enforce fails the run)'}: ` +
        `these test files cost more than tests/time-budgets.json allows (${what.replace(/ \(.*/, '')}):\n${list}\n` +
        'Make them cheaper (a smaller fixture, one server per file, state set through the API), or raise their budget there with the reason.',
    );
    if (enforced) process.exitCode = 1;
  }
}

/**
 * A vitest reporter that ends each run with its 15 slowest test files and their seconds (import,
 * then tests and hooks), so the cost of a new test shows where everyone looks, and fails the run when
 * a file goes over its time budget (tests/time-budgets.json: a default, and files allowed more with
 * the reason), per suite: `unit` or `e2e`, the reporter's option. The budgets are wall time on a 2-core machine running nothing else, with room for a
 * busy CI machine: they catch a file that grew by a minute, not noise.
 *
 * TEST_TIME_BUDGETS=off turns the check off (a slow laptop, a profiler); the report stays.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const SHOWN = 15;
const budgets = JSON.parse(readFileSync(new URL('../tests/time-budgets.json', import.meta.url), 'utf8'));

const seconds = (ms) => (ms / 1000).toFixed(1).padStart(6);

export default class SlowestFilesReporter {
  constructor({ suite }) {
    this.budgets = budgets[suite];
  }

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules, _errors, reason) {
    if (reason === 'interrupted' || testModules.length === 0) return;
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const file = relative(this.root, module.moduleId);
      const budgetSeconds = this.budgets.files[file]?.seconds ?? this.budgets.defaultSeconds;
      return { file, importMs: diagnostic.collectDuration, testsMs: diagnostic.duration, budgetSeconds };
    });
    const total = (entry) => entry.importMs + entry.testsMs;
    files.sort((a, b) => total(b) - total(a));

    const lines = [`\nThe ${Math.min(SHOWN, files.length)} slowest of ${files.length} test files (seconds: total = import + tests):`];
    for (const entry of files.slice(0, SHOWN)) {
      lines.push(`${seconds(total(entry))} = ${seconds(entry.importMs)} + ${seconds(entry.testsMs)}  ${entry.file}  (budget ${entry.budgetSeconds} s)`);
    }
    console.log(lines.join('\n'));

    const over = files.filter((entry) => total(entry) > entry.budgetSeconds * 1000);
    if (over.length === 0) return;
    const list = over.map((entry) => `  ${entry.file}: ${(total(entry) / 1000).toFixed(1)} s, budget ${entry.budgetSeconds} s`).join('\n');
    if (process.env.TEST_TIME_BUDGETS === 'off') {
      console.log(`\nOver their time budget (not checked, TEST_TIME_BUDGETS=off):\n${list}`);
      return;
    }
    console.log(
      `\nOVER BUDGET: these test files took longer than tests/time-budgets.json allows:\n${list}\n` +
        'Make them cheaper (a smaller fixture, one server per file, state set through the API), or raise their budget there with the reason.',
    );
    process.exitCode = 1;
  }
}

/**
 * Analyses per CPU-second of bench:pipeline's workload (pipeline-workload.mjs) for this checkout and
 * for a baseline git ref (env BASELINE_REF, default main), in the same run: the baseline is checked
 * out in a temporary `git worktree` beside this checkout (so its ../shared/fixtures resolve the same),
 * with this checkout's node_modules symlinked, and both workloads run at once in child processes (the
 * same machine load for both; CPU time per analysis barely depends on how busy the other core is).
 * The worktree is removed afterwards, whatever happened.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, realpathSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

const WORKLOAD = new URL('./pipeline-workload.mjs', import.meta.url).pathname;

// What a stop in the middle (the bench's overall time cap, Ctrl-C) must undo: our children, our worktree.
const children = new Set();
let openWorktree = null;
export function abortComparison() {
  for (const child of children) child.kill('SIGKILL');
  if (openWorktree) execFileSync('git', ['worktree', 'remove', '--force', openWorktree.path], { cwd: openWorktree.root, stdio: 'ignore' });
  openWorktree = null;
}

function runWorkload(root, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKLOAD, root], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      children.delete(child);
      clearTimeout(timer);
      const line = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line));
      } catch {
        resolve({ error: signal === 'SIGKILL' ? `killed after ${timeoutMs / 1000} s` : `exit ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}` });
      }
    });
  });
}

export async function compareWithBaseline({ root, ref, timeoutMs }) {
  // Quiet: git's progress lines ("Preparing worktree…") would mix with the bench's output.
  const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const commit = git('rev-parse', '--short', ref);
  const head = git('rev-parse', '--short', 'HEAD');
  const worktree = join(dirname(root), `.postroom-bench-baseline-${process.pid}`);
  git('worktree', 'add', '--detach', worktree, ref);
  openWorktree = { path: worktree, root };
  try {
    symlinkSync(realpathSync(join(root, 'node_modules')), join(worktree, 'node_modules'));
    if (!existsSync(join(worktree, 'bench/pipeline/_measure.mjs'))) return { ref, commit, head, error: 'the baseline has no bench/pipeline/_measure.mjs' };
    const [current, baseline] = await Promise.all([runWorkload(root, timeoutMs), runWorkload(worktree, timeoutMs)]);
    return { ref, commit, head, current, baseline };
  } finally {
    if (openWorktree) git('worktree', 'remove', '--force', worktree);
    openWorktree = null;
  }
}

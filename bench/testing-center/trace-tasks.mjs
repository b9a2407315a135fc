/**
 * BENCH_TRACE=1 of bench:testing-center: which work makes a main-thread task long. Reads a Chromium
 * trace (devtools.timeline) and prints, for every renderer main-thread task over a threshold, its
 * heaviest children (script by function and URL, style, layout, paint, GC), so the task to split is
 * named rather than guessed.
 */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.gc'];

const label = (event) => {
  const data = event.args?.data ?? {};
  if (event.name === 'FunctionCall') return `FunctionCall ${data.functionName || '(anonymous)'} ${String(data.url ?? '').split('/').pop()}:${data.lineNumber ?? ''}:${data.columnNumber ?? ''}`;
  if (event.name === 'TimerFire' || event.name === 'EventDispatch') return `${event.name} ${data.type ?? data.timerId ?? ''}`;
  return event.name;
};

export function printLongTasks(trace, thresholdMs) {
  const events = trace.traceEvents ?? trace;
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const onMain = events.filter((e) => mainThreads.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && typeof e.dur === 'number');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur / 1000 > thresholdMs);
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const children = onMain.filter((e) => e !== task && e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts + e.dur <= end && e.name !== 'RunTask');
    const byLabel = new Map();
    for (const child of children) byLabel.set(label(child), (byLabel.get(label(child)) ?? 0) + child.dur / 1000);
    const top = [...byLabel].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`long task ${(task.dur / 1000).toFixed(1)} ms: ${top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(' | ')}`);
  }
}

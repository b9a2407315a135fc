/**
 * BENCH_TRACE=1 of bench:testing-center: which work makes a main-thread task long. Reads a Chromium
 * trace (devtools.timeline) and prints, for every renderer main-thread task over a threshold, its
 * heaviest children (script by function and URL, style, layout, paint, GC), so the task to split is
 * named rather than guessed.
 */
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'disabled-by-default-v8.gc', ...(process.env.BENCH_TRACE ? ['disabled-by-default-devtools.timeline.stack'] : [])];

const label = (event) => {
  const data = event.args?.data ?? {};
  if (event.name === 'FunctionCall') return `FunctionCall ${data.functionName || '(anonymous)'} ${String(data.url ?? '').split('/').pop()}:${data.lineNumber ?? ''}:${data.columnNumber ?? ''}`;
  if (event.name === 'v8.evaluateModule' || event.name === 'v8.compileModule') return `${event.name} ${String(event.args?.data?.url ?? event.args?.url ?? event.args?.fileName ?? '').split('/').pop()}`;
  if (event.name === 'TimerFire' || event.name === 'EventDispatch') return `${event.name} ${data.type ?? data.timerId ?? ''}`;
  return event.name;
};

/** The renderer main thread's complete events of a trace. */
function mainThreadEvents(trace) {
  const events = trace.traceEvents ?? trace;
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  return events.filter((e) => mainThreads.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && typeof e.dur === 'number');
}

/**
 * The longest main-thread task of a trace by wall time and by the thread's CPU time (`tdur`). On a
 * loaded machine the renderer is descheduled in the middle of tasks, so wall times grow with the
 * load; the CPU time is the work the task itself did, what the page's code can change.
 */
export function longestTasks(trace, { from = -Infinity } = {}) {
  const events = mainThreadEvents(trace);
  // Scripts the bench's driver evaluates in the page (Playwright's injected selector engine, ~30 ms
  // on its first use) have no address: their tasks are the measure's, not the page's.
  const injected = events.filter((e) => e.name === 'EvaluateScript' && !/^https?:/.test(String(e.args?.data?.url ?? '')));
  const byDriver = (task) => injected.some((e) => e.pid === task.pid && e.tid === task.tid && e.ts >= task.ts && e.ts < task.ts + task.dur);
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ts >= from && !byDriver(e));
  const max = (values) => values.reduce((a, b) => Math.max(a, b), 0);
  return { wallMs: max(tasks.map((e) => e.dur / 1000)), cpuMs: max(tasks.map((e) => (e.tdur ?? e.dur) / 1000)) };
}

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
    console.log(`long task ${(task.dur / 1000).toFixed(1)} ms (CPU ${((task.tdur ?? task.dur) / 1000).toFixed(1)} ms): ${top.map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(' | ')}`);
    // A layout or style recalculation that script forced: where (with the .stack category on).
    for (const forced of children.filter((e) => (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && e.dur > 2000 && (e.args?.beginData?.stackTrace ?? e.args?.data?.stackTrace))) {
      const stack = forced.args.beginData?.stackTrace ?? forced.args.data.stackTrace;
      console.log(`  forced ${forced.name} ${(forced.dur / 1000).toFixed(1)} ms by ${stack.slice(0, 6).map((frame) => `${frame.functionName || '(anonymous)'} ${String(frame.url).split('/').pop()}:${frame.lineNumber}:${frame.columnNumber}`).join(' < ')}`);
    }
  }
}

/**
 * BENCH_PROFILE=1: for each main-thread task whose CPU time passes the threshold, the functions the
 * page's sampling profile (CDP Profiler, same clock as the trace) saw in it, by inclusive time — which
 * code to split, named by the built file's function and position (build with `--minify false` to read them).
 */
export function printTaskProfiles(trace, profile, thresholdMs) {
  const tasks = mainThreadEvents(trace).filter((e) => e.name === 'RunTask' && (e.tdur ?? e.dur) / 1000 > thresholdMs);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times = [];
  let at = profile.startTime;
  for (const delta of profile.timeDeltas) times.push((at += delta));
  const frameLabel = (frame) => `${frame.functionName || '(anonymous)'} ${String(frame.url).split('/').pop()}:${frame.lineNumber + 1}`;
  for (const task of tasks) {
    const inclusive = new Map();
    let samples = 0;
    profile.samples.forEach((id, index) => {
      if (times[index] < task.ts || times[index] > task.ts + task.dur) return;
      samples++;
      const seen = new Set();
      for (let node = id; node !== undefined; node = parent.get(node)) {
        const name = frameLabel(nodes.get(node).callFrame);
        if (seen.has(name)) continue;
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
      }
    });
    const top = [...inclusive].filter(([name]) => !name.startsWith('(root)') && !name.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 25);
    console.log(`task ${(task.dur / 1000).toFixed(1)} ms (CPU ${((task.tdur ?? task.dur) / 1000).toFixed(1)} ms), ${samples} samples:`);
    for (const [name, count] of top) console.log(`  ${((count * 100) / Math.max(samples, 1)).toFixed(0).padStart(3)} %  ${name}`);
  }
}

/** When a `performance.mark(name)` was taken, in the trace's clock (traced with blink.user_timing). */
export function markTime(trace, name) {
  const events = trace.traceEvents ?? trace;
  return events.find((e) => e.name === name && String(e.cat).includes('blink.user_timing'))?.ts;
}

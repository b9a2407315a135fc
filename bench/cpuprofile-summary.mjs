/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`): self time by function and by file (package
 * name for node_modules), and total (inclusive) time of the functions that take the most, so a
 * server profile taken under load says where a request's CPU goes.
 *
 *   node bench/cpuprofile-summary.mjs FILE.cpuprofile [TOP=30] [FILTER]
 *
 * FILTER keeps only the samples whose stack holds a function whose name or URL contains it (e.g. a
 * route handler), to see one path's costs. PROFILE_LAST_S=N keeps only the last N seconds of the
 * profile (e.g. a load run, without the start-up before it).
 */
import { readFileSync } from 'node:fs';

const [file, topArg, filter] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node bench/cpuprofile-summary.mjs FILE.cpuprofile [TOP] [FILTER]');
  process.exit(2);
}
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const place = (frame) => {
  const url = frame.url.replace(/^file:\/\//, '');
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const project = url.search(/\/(server|src|bench|scripts)\//);
  return project >= 0 ? url.slice(project + 1) : url || '(native)';
};
const label = (frame) => `${frame.functionName || '(anonymous)'} ${place(frame)}:${frame.lineNumber + 1}`;

const self = new Map();
const selfByFile = new Map();
const total = new Map();
let all = 0;
let idle = 0;
const lastUs = Number(process.env.PROFILE_LAST_S ?? Infinity) * 1e6;
let at = profile.startTime;
for (let index = 0; index < profile.samples.length; index += 1) {
  at += profile.timeDeltas[index] ?? 0;
  if (profile.endTime - at > lastUs) continue;
  const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
  const leaf = nodes.get(profile.samples[index]);
  const name = leaf.callFrame.functionName;
  if (name === '(idle)' || name === '(program)') {
    idle += name === '(idle)' ? ms : 0;
    if (name === '(idle)') continue;
  }
  const stack = [];
  for (let id = leaf.id; id !== undefined; id = parent.get(id)) stack.push(nodes.get(id).callFrame);
  if (filter !== undefined && !stack.some((frame) => frame.functionName.includes(filter) || frame.url.includes(filter))) continue;
  all += ms;
  self.set(label(leaf.callFrame), (self.get(label(leaf.callFrame)) ?? 0) + ms);
  selfByFile.set(place(leaf.callFrame), (selfByFile.get(place(leaf.callFrame)) ?? 0) + ms);
  for (const key of new Set(stack.map(label))) total.set(key, (total.get(key) ?? 0) + ms);
}

const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${ms.toFixed(0).padStart(7)} ms ${((100 * ms) / all).toFixed(1).padStart(5)} %  ${key}`);
  }
};
console.log(`${file}: ${all.toFixed(0)} ms sampled busy${filter ? ` (stacks holding "${filter}")` : ''}, ${idle.toFixed(0)} ms idle`);
show('self time by function', self);
show('self time by file / package', selfByFile);
show('total (inclusive) time by function', total);

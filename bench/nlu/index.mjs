/**
 * npm run bench:nlu — the NLU engine on a generated dictionary of 100,000 entries (typo tolerance
 * on) and generated 4,000-character blocks, against @nlpjs/ner enum entities on the same
 * dictionary and texts. Prints MB of text per second per core (one thread), p50/p99 per block,
 * index build time and memory. Targets: ≥ 5× the peer, ≥ 1 MB/s per core, p99 < 20 ms, build < 2 s.
 *
 * The peer runs twice: exact (threshold 1, its dictionary lookup) on as many blocks as
 * PEER_EXACT_SECONDS allows (it takes seconds per block), and fuzzy (threshold 0.8, its typo
 * tolerance) with 1 % of the entries on as many blocks as PEER_FUZZY_SECONDS allows, scaled to the
 * full dictionary — its fuzzy search compares every option with the text, so one block with
 * 100,000 entries takes minutes. Figures are given by the clock and per CPU-second (user + system
 * time of the process): on a shared machine the CPU figure is the one that says "per core", and
 * each block's time is measured both ways too. Memory: the heap and the typed arrays (array
 * buffers, outside the heap) the index keeps after its build.
 */
import os from 'node:os';
import { Ner } from '@nlpjs/ner';
import { machineLine } from '../machine.mjs';
import { compileNlu, analyseText } from '../../src/nlu/index.ts';
import { generateDictionary, generateTexts } from './generate.mjs';

const ENTRIES = Number(process.env.NLU_BENCH_ENTRIES ?? 100_000);
const BLOCKS = Number(process.env.NLU_BENCH_BLOCKS ?? 250);
const BLOCK = 4000;
const PEER_FUZZY_SECONDS = Number(process.env.PEER_FUZZY_SECONDS ?? 60);
const PEER_EXACT_SECONDS = Number(process.env.PEER_EXACT_SECONDS ?? 60);
const ARCHETYPES = 10;

const gc = globalThis.gc ?? (() => {});
const memory = () => {
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return { heapUsed, arrayBuffers };
};
/** CPU milliseconds (user + system) since `start` (a process.cpuUsage() value). */
const cpuMs = (start) => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};
const MiB = (bytes) => (bytes / 2 ** 20).toFixed(0);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const mb = (chars) => chars / 1e6;

console.log(machineLine(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`));
const dictionary = generateDictionary(ENTRIES, ARCHETYPES);
const texts = generateTexts(dictionary, BLOCKS, BLOCK);
const totalChars = texts.reduce((n, t) => n + t.length, 0);
console.log(`dictionary: ${ENTRIES} entries in ${ARCHETYPES} archetypes, typo tolerance on; texts: ${BLOCKS} blocks of ${BLOCK} characters (${mb(totalChars).toFixed(2)} MB)`);

// ---- our engine
const source = {
  archetypes: dictionary.lines.map((lines, i) => ({ name: `arch${i}`, dictionaries: { fr: lines.map((l) => l.join(';')).join('\n') } })),
  contexts: [
    {
      name: 'bench',
      languages: ['fr'],
      neutralizers: [],
      interactions: [
        {
          id: 'pair',
          enabled: true,
          ordered: true,
          distance: 5,
          functions: [],
          parameters: [
            { name: 'a', position: 1, archetype: 'arch0', optional: false, multiple: true, resetConversation: false },
            { name: 'b', position: 2, archetype: 'arch1', optional: false, multiple: false, resetConversation: false },
          ],
        },
      ],
    },
  ],
  functions: [],
};
const memoryBefore = memory();
let t0 = performance.now();
let cpu0 = process.cpuUsage();
const { engine, errors } = compileNlu(source, { aiVersion: '4.12' });
const buildMs = performance.now() - t0;
const buildCpuMs = cpuMs(cpu0);
const memoryAfter = memory();
if (!engine || errors.length > 0) throw new Error(`compile failed: ${errors[0]?.message}`);
const options = { language: 'fr', multipleInteractions: true, labeling: true };
analyseText(engine, texts[0], options); // warm the JIT
const times = [];
const cpuTimes = [];
let labels = 0;
t0 = performance.now();
cpu0 = process.cpuUsage();
for (const text of texts) {
  const s = performance.now();
  const c = process.cpuUsage();
  labels += analyseText(engine, text, options).labels.length;
  cpuTimes.push(cpuMs(c));
  times.push(performance.now() - s);
}
const ourMs = performance.now() - t0;
const ourCpuMs = cpuMs(cpu0);
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const ours = mb(totalChars) / (ourMs / 1000);
const oursCpu = mb(totalChars) / (ourCpuMs / 1000);
console.log(
  `engine: index built in ${buildMs.toFixed(0)} ms (${buildCpuMs.toFixed(0)} ms of CPU), heap +${MiB(memoryAfter.heapUsed - memoryBefore.heapUsed)} MB, typed arrays +${MiB(memoryAfter.arrayBuffers - memoryBefore.arrayBuffers)} MB`,
);
console.log(
  `engine: ${ours.toFixed(2)} MB/s per core by the clock, ${oursCpu.toFixed(2)} MB per CPU-second; per block: p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms by the clock, p50 ${percentile(cpuTimes, 50).toFixed(2)} ms, p99 ${percentile(cpuTimes, 99).toFixed(2)} ms of CPU; ${labels} labels`,
);

// ---- the peer: @nlpjs/ner enum entities, same dictionary and texts.
// Its addRuleOptionTexts looks an option up linearly before adding it (quadratic: 100,000 options
// take many minutes), so the rules are pushed in the very shape it builds; analysis is unchanged.
function peerWith(linesPerArchetype) {
  const ner = new Ner({ threshold: 1 });
  dictionary.lines.forEach((lines, i) => {
    const rule = ner.getRulesByName('fr', `arch${i}`, true);
    lines.slice(0, linesPerArchetype).forEach((l, j) => rule.rules.push({ option: `o${j}`, texts: l }));
  });
  return ner;
}
t0 = performance.now();
const ner = peerWith(Infinity);
const peerBuildMs = performance.now() - t0;
await ner.process({ locale: 'fr', text: texts[0], threshold: 1 });
let peerEntities = 0;
let exactBlocks = 0;
t0 = performance.now();
cpu0 = process.cpuUsage();
while (exactBlocks < texts.length && (exactBlocks === 0 || performance.now() - t0 < PEER_EXACT_SECONDS * 1000)) {
  peerEntities += (await ner.process({ locale: 'fr', text: texts[exactBlocks], threshold: 1 })).entities.length;
  exactBlocks += 1;
}
const peerExactMs = performance.now() - t0;
const peerExactCpuMs = cpuMs(cpu0);
const exactChars = texts.slice(0, exactBlocks).reduce((n, t) => n + t.length, 0);
const peerExact = mb(exactChars) / (peerExactMs / 1000);
const peerExactCpu = mb(exactChars) / (peerExactCpuMs / 1000);
console.log(`peer @nlpjs/ner exact (threshold 1): rules in ${peerBuildMs.toFixed(0)} ms, ${exactBlocks} block(s), ${peerExact.toFixed(4)} MB/s per core by the clock, ${peerExactCpu.toFixed(4)} MB per CPU-second, ${peerEntities} entities`);
// Its fuzzy mode compares every option text with the whole block: cost is linear in the number of
// options, so it runs with 1 % of the entries and the time is scaled to the full dictionary.
const share = Math.max(1, Math.floor(ENTRIES / ARCHETYPES / 100));
const fuzzyNer = peerWith(share);
let fuzzyBlocks = 0;
t0 = performance.now();
cpu0 = process.cpuUsage();
while (fuzzyBlocks < texts.length && (fuzzyBlocks === 0 || performance.now() - t0 < PEER_FUZZY_SECONDS * 1000)) {
  await fuzzyNer.process({ locale: 'fr', text: texts[fuzzyBlocks], threshold: 0.8 });
  fuzzyBlocks += 1;
}
const scale = ENTRIES / ARCHETYPES / share;
const peerFuzzyCpuMs = cpuMs(cpu0) * scale;
const peerFuzzyMs = (performance.now() - t0) * scale;
const peerFuzzy = mb(fuzzyBlocks * BLOCK) / (peerFuzzyMs / 1000);
const peerFuzzyCpu = mb(fuzzyBlocks * BLOCK) / (peerFuzzyCpuMs / 1000);
console.log(`peer @nlpjs/ner fuzzy (threshold 0.8): ${fuzzyBlocks} block(s) with ${share * ARCHETYPES} entries, scaled ×${scale} to ${ENTRIES}: ${(peerFuzzyMs / fuzzyBlocks / 1000).toFixed(1)} s per block, ${peerFuzzy.toFixed(5)} MB/s by the clock, ${peerFuzzyCpu.toFixed(5)} MB per CPU-second`);

const verdict = (ok) => (ok ? 'met' : 'NOT met');
console.log(`ratio (CPU-based): ${(oursCpu / peerFuzzyCpu).toFixed(0)}× the peer with typo tolerance, ${(oursCpu / peerExactCpu).toFixed(2)}× the peer exact; by the clock: ${(ours / peerFuzzy).toFixed(0)}× and ${(ours / peerExact).toFixed(2)}×`);
console.log(
  `targets: ≥5× peer ${verdict(oursCpu >= 5 * peerFuzzyCpu)} (exact peer: ${verdict(oursCpu >= 5 * peerExactCpu)}), ≥1 MB/s per core ${verdict(oursCpu >= 1)} (CPU) ${verdict(ours >= 1)} (clock), p99<20 ms ${verdict(percentile(cpuTimes, 99) < 20)} (CPU) ${verdict(percentile(times, 99) < 20)} (clock), build<2 s ${verdict(buildCpuMs < 2000)} (CPU) ${verdict(buildMs < 2000)} (clock)`,
);

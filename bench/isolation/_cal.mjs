import { renderSandboxed } from '../../src/templates/sandbox.ts';
import { globMatches } from '../../src/categorization/values.ts';
import { compilePcre } from '../../src/nlu/regex.ts';
import { backtrackingRisk } from '../../src/ocr/regex-safety.ts';
const t = (label, fn) => { const s = performance.now(); const r = fn(); console.log(label, (performance.now() - s).toFixed(0), 'ms', String(JSON.stringify(r)).slice(0, 120)); };
for (const n of [2000, 4000]) {
  const program = `{% assign all = (1..${n}) | where_exp: "x", "x > 0" %}{% assign kept = all | where_exp: "x", "all contains x" %}{{ kept | size }}`;
  t(`liquid n=${n}`, () => renderSandboxed(program, {}, { timeMs: 200, outputChars: 20000, programChars: 100000 }));
}
for (const n of [40, 60, 80]) t(`glob n=${n}`, () => globMatches('*a*a*a*a*a*a*b', 'a'.repeat(n)));
console.log('ocr risk', backtrackingRisk('(?:a{1,30})+b'));
for (const n of [20, 22, 24]) t(`ocr n=${n}`, () => /(?:a{1,30})+b/.test('a'.repeat(n)));
for (const src of ['(a+)+$', 'a*a*a*a*a*c', '\\w*\\w*\\w*\\w*c']) {
  const re = compilePcre(src, new Map());
  console.log('nlu', src, re instanceof RegExp ? 'ok' : JSON.stringify(re));
  if (re instanceof RegExp) for (const n of [100, 200]) t(`nlu ${src} n=${n}`, () => { re.lastIndex = 0; return re.exec('a'.repeat(n)); });
}

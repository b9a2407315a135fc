/**
 * Interactions of a context over the resolved matches of a block. For each enabled interaction the
 * parameters (in position order) are given values so that:
 *   - two values never overlap;
 *   - under `ordered`, each found parameter starts after the previous found one ends;
 *   - with `distance` ≥ 0, at most that many words lie between consecutive values (in text order);
 *     -1 means no limit.
 * Among the valid assignments the best has the most non-optional parameters found, then the most
 * parameters found, then the earliest first value. A `multiple` parameter then also collects every
 * other occurrence of its archetype that overlaps no value. `resetConversation` concerns the
 * conversation layer and has no effect on one block.
 */
import type { CompiledNlu } from './language-index';
import type { Match } from './matcher';
import type { InteractionSource } from './types';

/** Candidates kept per parameter and search steps per interaction: the search stays bounded. */
const MAX_CANDIDATES = 64;
const MAX_STEPS = 20_000;

export function assign(engine: CompiledNlu, interaction: InteractionSource, matches: Match[]): Map<string, Match[]> {
  const parameters = [...interaction.parameters].sort((a, b) => a.position - b.position);
  const candidates = parameters.map((p) => {
    const arch = engine.archIndex.get(p.archetype);
    return matches.filter((m) => m.arch === arch).slice(0, MAX_CANDIDATES);
  });
  const required = parameters.map((p) => !p.optional);
  const remainingRequired = required.map((_, i) => required.slice(i).filter(Boolean).length);
  const chosen: (Match | null)[] = new Array(parameters.length).fill(null);
  let best: (Match | null)[] = [...chosen];
  let bestScore = [-1, -1, 0];
  let steps = 0;
  const distanceOk = (): boolean => {
    if (interaction.distance < 0) return true;
    const values = chosen.filter((m): m is Match => m !== null).sort((a, b) => a.first - b.first);
    for (let i = 1; i < values.length; i++) if (values[i]!.first - values[i - 1]!.last > interaction.distance) return false;
    return true;
  };
  const better = (score: number[]): boolean => {
    for (let i = 0; i < score.length; i++) if (score[i] !== bestScore[i]) return score[i]! > bestScore[i]!;
    return false;
  };
  const search = (p: number, req: number, found: number, lastEnd: number): void => {
    if (++steps > MAX_STEPS) return;
    if (req + (remainingRequired[p] ?? 0) < bestScore[0]!) return;
    if (p === parameters.length) {
      if (!distanceOk()) return;
      const firstStart = Math.min(...chosen.map((m) => (m ? m.start : Infinity)));
      const score = [req, found, -(Number.isFinite(firstStart) ? firstStart : 0)];
      if (better(score)) {
        bestScore = score;
        best = [...chosen];
      }
      return;
    }
    for (const c of candidates[p]!) {
      if (interaction.ordered && c.first < lastEnd) continue;
      if (chosen.some((o) => o && o.first < c.last && c.first < o.last)) continue;
      chosen[p] = c;
      search(p + 1, req + (required[p] ? 1 : 0), found + 1, interaction.ordered ? c.last : lastEnd);
      chosen[p] = null;
    }
    search(p + 1, req, found, lastEnd);
  };
  search(0, 0, 0, 0);
  const values = new Map<string, Match[]>();
  parameters.forEach((p, i) => {
    if (best[i]) values.set(p.name, [best[i]!]);
  });
  const taken = best.filter((m): m is Match => m !== null);
  parameters.forEach((p, i) => {
    if (!p.multiple || !best[i]) return;
    for (const c of candidates[i]!) {
      if (taken.some((o) => o.first < c.last && c.first < o.last)) continue;
      taken.push(c);
      values.get(p.name)!.push(c);
    }
    values.get(p.name)!.sort((a, b) => a.start - b.start);
  });
  return values;
}

/** Percentiles from the processing-time histogram (DURATION_BOUNDS_MS; see src/contract/dashboard.ts). */
import { DURATION_BOUNDS_MS, type Percentiles } from '../../src/contract/dashboard';

/** `counts[k]`: analyses in bucket k. The nearest-rank percentile's bucket bound, or null when empty. */
export function percentile(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let k = 0; k < counts.length; k += 1) {
    seen += counts[k] ?? 0;
    if (seen >= rank) return DURATION_BOUNDS_MS[Math.min(k, DURATION_BOUNDS_MS.length - 1)]!;
  }
  return DURATION_BOUNDS_MS[DURATION_BOUNDS_MS.length - 1]!;
}

export function percentiles(counts: readonly number[]): Percentiles {
  return { p50: percentile(counts, 50), p95: percentile(counts, 95), p99: percentile(counts, 99) };
}

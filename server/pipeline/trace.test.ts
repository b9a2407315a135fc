/**
 * Where an abort falls among trace rows written late (run.ts writes the rows of quick steps together):
 * the steps that ended before it keep their rows, the one running then is named, later ones are left out.
 */
import { describe, expect, it } from 'vitest';
import { splitAtAbort, type TraceRow } from './trace';

const at = (ms: number) => new Date(Date.parse('2026-12-02T10:00:00Z') + ms);
const row = (step: number, module: string, startMs: number, durationMs: number): TraceRow => ({
  run: 1, step, module, startedAt: at(startMs), durationMs, outcome: 'success', message: null,
});
const rows = [row(1, 'extractor', 0, 40), row(2, 'nlu', 40, 10), row(3, 'categorization', 50, 5)];

describe('splitAtAbort', () => {
  it('keeps the steps that ended before the abort and names the one running then', () => {
    expect(splitAtAbort(rows, at(45))).toEqual({ done: [rows[0]], during: rows[1] });
    expect(splitAtAbort(rows, at(10))).toEqual({ done: [], during: rows[0] });
  });

  it('counts a step ending at the abort\'s very time as done', () => {
    expect(splitAtAbort(rows, at(50))).toEqual({ done: rows.slice(0, 2), during: rows[2] });
  });

  it('names no step when every step had ended (the abort came between two)', () => {
    expect(splitAtAbort(rows, at(60))).toEqual({ done: rows, during: null });
    expect(splitAtAbort([], at(60))).toEqual({ done: [], during: null });
  });
});

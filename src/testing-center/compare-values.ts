/**
 * Domain rules v2: whether an obtained value equals the expected one under a comparison mode
 * (exact, case- and accent-insensitive, numbers within a tolerance, dates on the same day, arrays as
 * sets). Pure; the "Testing center — domain rules, test runs, results" section of docs/guide/testing-center.md states the rules.
 */
import type { Comparison } from '../contract/testing-evaluation';

export const EXACT: Comparison = { mode: 'exact', tolerance: 0, insensitiveElements: false };

/** Lower case, accents removed, inner blanks collapsed, trimmed: "  Élodie  DUPONT" → "elodie dupont". */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A stable text for any JSON value (object keys sorted), so objects compare by content. */
export function canonical(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(',')}}`;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  // French decimals ("1 234,50") as well as "1234.50".
  const text = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** The calendar day of a date value: ISO "2024-03-05…", French "05/03/2024", or a timestamp. */
export function dayOf(value: unknown): string | null {
  if (typeof value === 'string') {
    const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
    if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
    const french = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(value.trim());
    if (french) return `${french[3]}-${french[2]!.padStart(2, '0')}-${french[1]!.padStart(2, '0')}`;
    return null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString().slice(0, 10);
  return null;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** True when `obtained` counts as `expected` under `comparison`. */
export function valuesMatch(expected: unknown, obtained: unknown, comparison: Comparison): boolean {
  switch (comparison.mode) {
    case 'exact':
      return canonical(expected) === canonical(obtained);
    case 'insensitive':
      if (typeof expected === 'string' && typeof obtained === 'string') return foldText(expected) === foldText(obtained);
      return canonical(expected) === canonical(obtained);
    case 'tolerance': {
      const a = toNumber(expected);
      const b = toNumber(obtained);
      if (a === null || b === null) return canonical(expected) === canonical(obtained);
      // A small epsilon so that 0.1 + 0.2 within 0.3 holds despite binary floats.
      return Math.abs(a - b) <= comparison.tolerance + 1e-9;
    }
    case 'sameDay': {
      const a = dayOf(expected);
      const b = dayOf(obtained);
      return a !== null && a === b;
    }
    case 'set': {
      const key = (element: unknown) => (comparison.insensitiveElements && typeof element === 'string' ? foldText(element) : canonical(element));
      const a = new Set(asArray(expected).map(key));
      const b = new Set(asArray(obtained).map(key));
      return a.size === b.size && [...a].every((element) => b.has(element));
    }
  }
}

/** The label as compared: folded for `insensitive` (and `set` with insensitive elements), else as is. */
export function labelKey(label: string, comparison: Comparison): string {
  return comparison.mode === 'insensitive' || (comparison.mode === 'set' && comparison.insensitiveElements) ? foldText(label) : label;
}

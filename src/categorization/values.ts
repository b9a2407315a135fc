/**
 * Value conditions (modules/categorization.ts `valueConditionSchema`) on text values: NLU parameter
 * values, extracted fields, headers, metadata. Text compares without case or accents; numbers read
 * French and English writing ("48 250,00", "48,250.00"); dates read ISO and dd/mm/yyyy.
 */
import type { ValueCondition } from '../contract/modules/categorization';

export function normalizeText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** A number written with spaces as thousands separators and a comma or a point as decimal mark. */
export function parseNumber(value: string): number | null {
  let text = value.replace(/[\s\u00a0\u202f€$£%]/g, '');
  if (text === '') return null;
  const comma = text.lastIndexOf(',');
  const point = text.lastIndexOf('.');
  if (comma >= 0 && point >= 0) {
    // The last mark is the decimal one; the other separates thousands.
    text = comma > point ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  } else if (comma >= 0) {
    text = text.replace(',', '.');
  }
  if (!/^[-+]?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** Milliseconds since the epoch (UTC) of `2026-03-01` (time part allowed) or `01/03/2026`. */
export function parseDate(value: string): number | null {
  const text = value.trim();
  let year: number, month: number, day: number;
  let match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (match !== null) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
    if (match === null) return null;
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? time : null;
}

function compare(value: string, bound: string, valueType: 'number' | 'date'): number | null {
  const parse = valueType === 'number' ? parseNumber : parseDate;
  const [left, right] = [parse(value), parse(bound)];
  return left === null || right === null ? null : left - right;
}

/** Whether one value satisfies the condition. */
export function valueHolds(value: string, condition: ValueCondition): boolean {
  switch (condition.operator) {
    case 'exists':
      return value.trim() !== '';
    case 'equals':
      return normalizeText(value) === normalizeText(condition.value);
    case 'oneOf': {
      const text = normalizeText(value);
      return condition.values.some((candidate) => normalizeText(candidate) === text);
    }
    case 'contains':
      return normalizeText(value).includes(normalizeText(condition.value));
    case 'greaterThan': {
      const difference = compare(value, condition.value, condition.valueType);
      return difference !== null && difference > 0;
    }
    case 'lessThan': {
      const difference = compare(value, condition.value, condition.valueType);
      return difference !== null && difference < 0;
    }
  }
}

/** The values (of a multiple parameter, a list field…) that satisfy the condition; empty: it does not hold. */
export function valuesHolding(values: readonly string[], condition: ValueCondition): string[] {
  return values.filter((value) => valueHolds(value, condition));
}

/** A JSON value as the text values a condition reads (arrays give each element). */
export function asTextValues(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(asTextValues);
  if (typeof value === 'object') return [JSON.stringify(value)];
  return [String(value)];
}

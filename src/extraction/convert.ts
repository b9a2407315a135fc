/**
 * §3 Value formats: the raw values a source found → the field's value. Raw values are strings
 * (NLU values, builtin values, regex groups, headers, snippet output) or JSON (metadata, snippet
 * output printed as JSON).
 * - `array`: every value found, as found (`which` does not matter);
 * - other formats: the first value (`which: first`) or every value (`all`, an array), each converted:
 *   `string` as text (JSON for objects), `number` read in French or English writing ("1 250,50 €",
 *   "1,250.50", "1250.5 EUR"), `boolean` from true/false, yes/no, oui/non, 1/0, `object` a JSON object.
 * A value that cannot be converted is an error for the field (its code and the value), never a guess.
 */
import type { ExtractionFieldErrorCode, ValueFormat } from '../contract/modules/extraction';

export type Converted = { ok: true; value: unknown } | { ok: false; code: ExtractionFieldErrorCode; value: string };

const TRUE = new Set(['true', 'yes', 'oui', 'vrai', '1', 'y', 'o']);
const FALSE = new Set(['false', 'no', 'non', 'faux', '0', 'n']);

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A number as written in French or English, with an optional currency or unit around it. */
export function readNumber(raw: string): number | null {
  const trimmed = raw
    .trim()
    .replace(/^(?:[€$£]|EUR|USD|GBP|CHF)\s*/i, '')
    .replace(/\s*(?:[€$£%]|EUR|USD|GBP|CHF|euros?|dollars?)$/i, '');
  if (!/^[-+]?[\d\s\u00a0\u202f.,]*\d[\d\s\u00a0\u202f.,]*$/.test(trimmed)) return null;
  let compact = trimmed.replace(/[\s\u00a0\u202f]/g, '');
  const lastComma = compact.lastIndexOf(',');
  const lastDot = compact.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // The later of the two separators is the decimal one: 1.250,50 or 1,250.50.
    compact = lastComma > lastDot ? compact.replace(/\./g, '').replace(',', '.') : compact.replace(/,/g, '');
  } else if (lastComma >= 0) {
    // 1,250 with three digits after a single comma reads as thousands in English… and as 1.25 in
    // French. French is the platform's default language: a single comma is decimal unless repeated.
    compact = (compact.match(/,/g) ?? []).length > 1 ? compact.replace(/,/g, '') : compact.replace(',', '.');
  } else if ((compact.match(/\./g) ?? []).length > 1) {
    compact = compact.replace(/\./g, '');
  }
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}

function convertOne(value: unknown, format: Exclude<ValueFormat, 'array'>): Converted {
  switch (format) {
    case 'string':
      return { ok: true, value: asText(value) };
    case 'number': {
      if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value };
      const read = typeof value === 'string' ? readNumber(value) : null;
      return read === null ? { ok: false, code: 'notANumber', value: asText(value) } : { ok: true, value: read };
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { ok: true, value };
      const word = asText(value).trim().toLowerCase();
      if (TRUE.has(word)) return { ok: true, value: true };
      if (FALSE.has(word)) return { ok: true, value: false };
      return { ok: false, code: 'notABoolean', value: asText(value) };
    }
    case 'object': {
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value };
      if (typeof value === 'string') {
        try {
          const parsed: unknown = JSON.parse(value);
          if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return { ok: true, value: parsed };
        } catch {
          // not JSON: the error below
        }
      }
      return { ok: false, code: 'notAnObject', value: asText(value) };
    }
  }
}

/** The field's value from the raw values (none found: null). */
export function convertValues(raw: readonly unknown[], format: ValueFormat, which: 'first' | 'all'): Converted {
  if (format === 'array') return { ok: true, value: [...raw] };
  if (raw.length === 0) return { ok: true, value: null };
  if (which === 'first') return convertOne(raw[0], format);
  const values: unknown[] = [];
  for (const value of raw) {
    const converted = convertOne(value, format);
    if (!converted.ok) return converted;
    values.push(converted.value);
  }
  return { ok: true, value: values };
}

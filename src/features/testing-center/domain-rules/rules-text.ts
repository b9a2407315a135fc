/**
 * The domain rules forms edit lists as text, one entry per line; these turn the text into the
 * contract's shapes and back, and say which line is wrong.
 */
import { COMPARISON_MODES, type Comparison, type DomainRulesV1, type KindRulesV2 } from '../../../contract/testing-evaluation';

export const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function mergedFromText(text: string): { merged: DomainRulesV1['merged'] } | { badLine: number } {
  const merged: DomainRulesV1['merged'] = [];
  const all = text.split('\n');
  for (const [index, raw] of all.entries()) {
    if (raw.trim() === '') continue;
    const [from, into, ...rest] = raw.split('=>').map((part) => part.trim());
    if (!from || !into || rest.length > 0) return { badLine: index + 1 };
    merged.push({ from, into });
  }
  return { merged };
}

export const mergedToText = (merged: DomainRulesV1['merged']) => merged.map((entry) => `${entry.from} => ${entry.into}`).join('\n');

const comparison = (mode: Comparison['mode'], tolerance = 0): Comparison => ({ mode, tolerance, insensitiveElements: false });

export function fieldRulesFromText(text: string): { fields: KindRulesV2['fields'] } | { badLine: number } {
  const fields: KindRulesV2['fields'] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    if (raw.trim() === '') continue;
    const match = /^\s*([^=]+?)\s*=\s*(\w+)(?:\s+([\d.,]+))?\s*$/.exec(raw);
    const mode = match?.[2] as Comparison['mode'] | undefined;
    if (!match || !mode || !COMPARISON_MODES.includes(mode)) return { badLine: index + 1 };
    const tolerance = match[3] === undefined ? 0 : Number(match[3].replace(',', '.'));
    if (!Number.isFinite(tolerance) || tolerance < 0) return { badLine: index + 1 };
    fields.push({ field: match[1]!, comparison: comparison(mode, tolerance) });
  }
  return { fields };
}

export const fieldRulesToText = (fields: KindRulesV2['fields']) =>
  fields.map((entry) => `${entry.field} = ${entry.comparison.mode}${entry.comparison.mode === 'tolerance' ? ` ${entry.comparison.tolerance}` : ''}`).join('\n');

/**
 * The qualification form's editable copy of a message's expected values: every value as typed (a
 * number or a JSON object stays text until saved), and its conversion back to the contract's typed
 * values with a per-entry problem (not a number, not a JSON object, no key). Pure; tested beside.
 */
import {
  CLASSIFICATION_KINDS,
  type ClassificationKind,
  type ExpectedValues,
  type ObtainedValues,
  type ValueEntry,
  type ValueFormat,
} from '../../contract/testing-center';

export interface DraftEntry {
  key: string;
  document: string;
  format: ValueFormat;
  /** string, number, object: the text typed; boolean: the switch; array: the items. */
  raw: string | boolean | string[];
}

export interface DraftKind {
  qualified: boolean;
  entries: DraftEntry[];
}

export type Draft = Record<ClassificationKind, DraftKind>;

export type EntryProblem = 'keyMissing' | 'notANumber' | 'notAnObject';

/** Kinds whose values belong to an attachment. */
export const ATTACHMENT_KINDS: readonly ClassificationKind[] = ['attachments_categories', 'extracted_informations_attachments'];
/** Kinds whose key is always `category`. */
export const CATEGORY_KINDS: readonly ClassificationKind[] = ['categories', 'attachments_categories'];

export function emptyRaw(format: ValueFormat): DraftEntry['raw'] {
  if (format === 'boolean') return false;
  if (format === 'array') return [];
  return format === 'object' ? '{}' : '';
}

export function draftEntryOf(entry: ValueEntry): DraftEntry {
  const base = { key: entry.key, document: entry.document ?? '', format: entry.format };
  switch (entry.format) {
    case 'string':
      return { ...base, raw: entry.value };
    case 'number':
      return { ...base, raw: String(entry.value) };
    case 'boolean':
      return { ...base, raw: entry.value };
    case 'array':
      return { ...base, raw: entry.value.map(String) };
    case 'object':
      return { ...base, raw: JSON.stringify(entry.value, null, 2) };
  }
}

export function draftOf(expected: ExpectedValues): Draft {
  return Object.fromEntries(
    CLASSIFICATION_KINDS.map((kind) => [kind, { qualified: expected[kind]?.qualified ?? false, entries: (expected[kind]?.values ?? []).map(draftEntryOf) }]),
  ) as Draft;
}

/** The entry as a typed value, or why it cannot be one. */
export function entryValue(entry: DraftEntry, kind: ClassificationKind): { value: ValueEntry } | { problem: EntryProblem } {
  const key = CATEGORY_KINDS.includes(kind) ? 'category' : entry.key.trim();
  if (key === '') return { problem: 'keyMissing' };
  const document = ATTACHMENT_KINDS.includes(kind) ? entry.document.trim() || null : null;
  const base = { key, document };
  switch (entry.format) {
    case 'string':
      return { value: { ...base, format: 'string', value: String(entry.raw) } };
    case 'number': {
      const text = String(entry.raw).trim().replace(',', '.');
      const number = Number(text);
      return text === '' || !Number.isFinite(number) ? { problem: 'notANumber' } : { value: { ...base, format: 'number', value: number } };
    }
    case 'boolean':
      return { value: { ...base, format: 'boolean', value: entry.raw === true } };
    case 'array':
      return { value: { ...base, format: 'array', value: Array.isArray(entry.raw) ? entry.raw : [] } };
    case 'object': {
      try {
        const parsed: unknown = JSON.parse(String(entry.raw));
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { problem: 'notAnObject' };
        return { value: { ...base, format: 'object', value: parsed as Record<string, unknown> } };
      } catch {
        return { problem: 'notAnObject' };
      }
    }
  }
}

/** The draft as expected values for the kinds shown, or the problems by kind and entry index. */
export function expectedOf(draft: Draft, kinds: readonly ClassificationKind[]): { expected: ExpectedValues; problems: Partial<Record<ClassificationKind, Record<number, EntryProblem>>> } {
  const expected: ExpectedValues = {};
  const problems: Partial<Record<ClassificationKind, Record<number, EntryProblem>>> = {};
  for (const kind of kinds) {
    const values: ValueEntry[] = [];
    draft[kind].entries.forEach((entry, index) => {
      const result = entryValue(entry, kind);
      if ('problem' in result) problems[kind] = { ...problems[kind], [index]: result.problem };
      else values.push(result.value);
    });
    expected[kind] = { qualified: draft[kind].qualified, values };
  }
  return { expected, problems };
}

/** "Accept obtained": the run's values replace the draft's for every kind shown, left to confirm. */
export function withObtained(draft: Draft, obtained: ObtainedValues, kinds: readonly ClassificationKind[]): Draft {
  const next = { ...draft };
  for (const kind of kinds) next[kind] = { qualified: draft[kind].qualified, entries: (obtained[kind] ?? []).map(draftEntryOf) };
  return next;
}

/** Every kind shown marked qualified (the "accept" key). */
export function allQualified(draft: Draft, kinds: readonly ClassificationKind[]): Draft {
  const next = { ...draft };
  for (const kind of kinds) next[kind] = { ...draft[kind], qualified: true };
  return next;
}

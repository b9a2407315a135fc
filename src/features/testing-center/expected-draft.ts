/**
 * The qualification form's editable copy of a message's expected values: every value as typed (a
 * number or a JSON object stays text until saved), and its conversion back to the contract's typed
 * values with a per-entry problem (not a number, not a JSON object, no key). Pure; tested beside.
 */
import {
  CLASSIFICATION_KINDS,
  type ClassificationKind,
  type Evidence,
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
  /** The words selected in the message that gave the value (dropped when the value is typed over). */
  evidence?: Evidence;
}

export interface DraftKind {
  qualified: boolean;
  entries: DraftEntry[];
  /**
   * The qualifier acted on this kind since the message was opened (a value picked, typed or removed,
   * the switch used, "nothing expected" confirmed): "accept" qualifies it even with no value.
   */
  touched: boolean;
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
  const base = { key: entry.key, document: entry.document ?? '', format: entry.format, ...(entry.evidence ? { evidence: entry.evidence } : {}) };
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
    CLASSIFICATION_KINDS.map((kind) => [kind, { qualified: expected[kind]?.qualified ?? false, entries: (expected[kind]?.values ?? []).map(draftEntryOf), touched: false }]),
  ) as Draft;
}

/** The entry as a typed value, or why it cannot be one. */
export function entryValue(entry: DraftEntry, kind: ClassificationKind): { value: ValueEntry } | { problem: EntryProblem } {
  const key = CATEGORY_KINDS.includes(kind) ? 'category' : entry.key.trim();
  if (key === '') return { problem: 'keyMissing' };
  const document = ATTACHMENT_KINDS.includes(kind) ? entry.document.trim() || null : null;
  const base = { key, document, ...(entry.evidence ? { evidence: entry.evidence } : {}) };
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
  for (const kind of kinds) next[kind] = { qualified: draft[kind].qualified, entries: (obtained[kind] ?? []).map(draftEntryOf), touched: draft[kind].touched };
  return next;
}

/** A kind as the qualifier sees it: qualified, to accept (accept would confirm it), or still to look at. */
export type KindState = 'qualified' | 'toAccept' | 'toLook';

/**
 * What "accept" would confirm: a kind that holds a value or that the qualifier acted on, and an
 * attachment kind of a message without attachments (`attachments`: their count, Infinity while not
 * known). Another kind left empty and untouched stays to look at — an empty qualified kind means
 * "nothing expected", and would count every value a run finds there as a false positive — so the
 * message shows as partially qualified until someone looks at it.
 */
export function kindState(kind: ClassificationKind, current: DraftKind, attachments: number): KindState {
  if (current.qualified) return 'qualified';
  const nothingPossible = attachments === 0 && ATTACHMENT_KINDS.includes(kind);
  return current.touched || current.entries.length > 0 || nothingPossible ? 'toAccept' : 'toLook';
}

/** "Accept": every kind shown that is not left to look at becomes qualified (`kindState`). */
export function acceptConfirmed(draft: Draft, kinds: readonly ClassificationKind[], { attachments }: { attachments: number }): Draft {
  const next = { ...draft };
  for (const kind of kinds) if (kindState(kind, draft[kind], attachments) !== 'toLook') next[kind] = { ...draft[kind], qualified: true };
  return next;
}

/** The category names the draft expects for a document (null: the message body), in their order. */
export function categoriesIn(kind: DraftKind, document: string | null): string[] {
  return kind.entries
    .filter((entry) => (entry.document || null) === document)
    .flatMap((entry) => (Array.isArray(entry.raw) ? entry.raw : typeof entry.raw === 'string' && entry.raw.trim() !== '' ? [entry.raw] : []));
}

/** The kind with the document's categories replaced by `names` (one: a string entry; several: an array; none: no entry). */
export function withCategories(kind: DraftKind, document: string | null, names: readonly string[]): DraftKind {
  const others = kind.entries.filter((entry) => (entry.document || null) !== document);
  const unique = [...new Set(names)];
  const entry: DraftEntry[] =
    unique.length === 0 ? [] : [{ key: 'category', document: document ?? '', format: unique.length === 1 ? 'string' : 'array', raw: unique.length === 1 ? unique[0]! : unique }];
  return { ...kind, entries: [...others, ...entry], touched: true };
}

/** Words selected in the message, made the value of the entry at `target` (its format permitting), with them as evidence. */
export function withSelection(draft: Draft, target: { kind: ClassificationKind; index: number }, evidence: Evidence): Draft | null {
  const kind = draft[target.kind];
  const entry = kind.entries[target.index];
  const quote = evidence.quote.replace(/\s+/g, ' ').trim().slice(0, 1000);
  if (!entry || quote === '') return null;
  let raw: DraftEntry['raw'];
  if (entry.format === 'string') raw = quote;
  // "1 250,50 €" → "1250,50": the digits, sign and separators (entryValue reads the decimal comma).
  else if (entry.format === 'number') raw = quote.replace(/[^\d,.-]/g, '');
  else if (entry.format === 'array') raw = [...(Array.isArray(entry.raw) ? entry.raw : []), quote];
  else return null;
  const entries = kind.entries.map((item, index) => (index === target.index ? { ...item, raw, evidence: { file: evidence.file, quote } } : item));
  return { ...draft, [target.kind]: { ...kind, entries, touched: true } };
}

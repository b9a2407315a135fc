/**
 * The reading half of an NLU import (import.ts writes): the file checked against the original
 * export's format and bounds, and each archetype read and converted to our dictionary text. Pure,
 * so a module worker runs it (import-read-task.ts): converting a 3 MB dictionary took the HTTP
 * thread 70–130 ms. Items left out are reported in the order of the file, as the import always did.
 */
import { nluNameSchema } from '../../src/contract/nlu-entities';
import {
  ORIGINAL_EXPORT_VERSION,
  originalArchetypeSchema,
  originalNluExportSchema,
  type NluImportItemCode,
  type NluImportReport,
  type OriginalNluExport,
} from '../../src/contract/nlu-transfer';
import { NLU_LANGUAGES } from '../../src/contract/environments';
import { VALIDATION_MESSAGES } from '../../src/contract/validation-messages';
import type { NluLanguage } from '../../src/nlu/types';
import { HttpError } from '../http-error';
import { checkImportBounds } from './import-bounds';
import { toDictionary } from './original-dictionaries';

export type ImportItemError = NluImportReport['errors'][number];
/** Reports an item left out: its code and parameters for the console, the English text for programs. */
export type Fail = (at: string, name: string | null, code: NluImportItemCode, params: Record<string, string>, message: string) => void;

export function notAnExport(issues?: unknown[]): HttpError {
  return new HttpError(400, { message: 'This file is not an NLU console export ({"nlu": {…, "metadata": {"exportVersion": 2}}})', code: 'nluImportFormat', ...(issues ? { issues } : {}) });
}

export function readOriginalExport(file: unknown) {
  const version = (file as { nlu?: { metadata?: { exportVersion?: unknown } } } | null)?.nlu?.metadata?.exportVersion;
  const parsed = originalNluExportSchema.safeParse(file);
  if (!parsed.success) throw notAnExport(parsed.error.issues);
  if (version !== ORIGINAL_EXPORT_VERSION) {
    throw new HttpError(400, {
      message: `This NLU export has version ${String(version)}; this server reads version ${ORIGINAL_EXPORT_VERSION}`,
      code: 'nluImportVersion',
      params: { version: String(version), expected: ORIGINAL_EXPORT_VERSION },
    });
  }
  checkImportBounds(parsed.data.nlu);
  return parsed.data;
}

export function languageOf(code: string): NluLanguage | null {
  const lower = code.trim().toLowerCase();
  const mapped = lower === 'en' ? 'gb' : lower;
  return (NLU_LANGUAGES as readonly string[]).includes(mapped) ? (mapped as NluLanguage) : null;
}

/** Why a name was refused, as a code the console says in its words (`nlu:nameProblems.*`). */
export function nameProblem(error: { issues: { code: string; message: string }[] }): string {
  const issue = error.issues[0];
  if (issue?.code === 'too_small') return 'empty';
  if (issue?.code === 'too_big') return 'tooLong';
  if (issue?.message === VALIDATION_MESSAGES.nluNameCharacters) return 'characters';
  return 'notText';
}

export const issueText = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((issue) => `${issue.path.map(String).join('.') || '(item)'}: ${issue.message}`).join('; ');

/** The part of an object the schema did not name: kept for the export. */
export function extrasOf(value: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !known.includes(key)));
}

/** The checks every kind of item shares, reporting into `errors`. */
export function itemChecks(errors: ImportItemError[]) {
  const fail: Fail = (at, name, code, params, message) => errors.push({ at, name, code, params, message });
  const nameOf = (at: string, raw: unknown): string | null => {
    const name = nluNameSchema.safeParse(raw);
    if (!name.success) fail(at, typeof raw === 'string' ? raw : null, 'invalidName', { problem: nameProblem(name.error) }, `Invalid name: ${issueText(name.error)}`);
    return name.success ? name.data : null;
  };
  const languagesOf = (at: string, name: string, codes: string[]): NluLanguage[] =>
    codes.flatMap((code) => {
      const language = languageOf(code);
      if (language === null) fail(at, name, 'unknownLanguage', { language: code }, `Unknown language "${code}" left out`);
      return language === null ? [] : [language];
    });
  /** False (and reported) for the second item named `name` among `names` (the names of one kind so far). */
  const once = (names: Set<string>, at: string, name: string): boolean => {
    if (names.has(name)) {
      fail(at, name, 'duplicateName', { name }, `A second item named "${name}" was left out`);
      return false;
    }
    names.add(name);
    return true;
  };
  return { fail, nameOf, languagesOf, once };
}

export interface ReadArchetype {
  name: string;
  dictionaries: Partial<Record<NluLanguage, string>>;
}

/** The file's archetypes as our dictionaries, each name once; the others reported in `errors`. */
export function readArchetypes(archetypes: readonly unknown[], errors: ImportItemError[]): ReadArchetype[] {
  const { fail, nameOf, languagesOf, once } = itemChecks(errors);
  const seen = new Set<string>();
  const read: ReadArchetype[] = [];
  for (const [index, raw] of archetypes.entries()) {
    const at = `archetypes[${index}]`;
    const parsed = originalArchetypeSchema.safeParse(raw);
    if (!parsed.success) {
      fail(at, null, 'invalidItem', { detail: issueText(parsed.error) }, issueText(parsed.error));
      continue;
    }
    const name = nameOf(at, parsed.data.name);
    if (name === null || !once(seen, at, name)) continue;
    const codes = new Set([...parsed.data.langs, ...parsed.data.dict.map((d) => d.lang), ...parsed.data.regex.map((d) => d.lang)]);
    const dictionaries: ReadArchetype['dictionaries'] = {};
    for (const language of languagesOf(at, name, [...codes])) {
      const texts = {
        dict: parsed.data.dict.find((d) => languageOf(d.lang) === language)?.dictionary,
        regex: parsed.data.regex.find((d) => languageOf(d.lang) === language)?.dictionary,
      };
      dictionaries[language] = toDictionary(parsed.data, texts);
    }
    read.push({ name, dictionaries });
  }
  return read;
}

/** An import file read: its contexts and servers as the file gives them (import.ts reads each), its archetypes converted. */
export interface ReadImport<Dictionaries = ReadArchetype['dictionaries']> {
  contexts: OriginalNluExport['nlu']['contexts'];
  servers: OriginalNluExport['nlu']['servers'];
  archetypes: { name: string; dictionaries: Dictionaries }[];
  /** The archetypes left out, in the order of the file. */
  errors: ImportItemError[];
}

/** The whole file read (a 400 or 422 HttpError when it is not an export or over a bound). */
export function readImport(file: unknown): ReadImport {
  const { nlu } = readOriginalExport(file);
  const errors: ImportItemError[] = [];
  const archetypes = readArchetypes(nlu.archetypes, errors);
  return { contexts: nlu.contexts, servers: nlu.servers, archetypes, errors };
}

/**
 * The configuration document as YAML text and back. Writing: keys in the order the formats give
 * them (settings, then NLU), long texts as block scalars, nothing folded, so a diff of two texts is a
 * diff of the configuration. Reading: every YAML syntax error and every schema error with its line
 * (`yaml` keeps each node's position), so the IDE and the server point at the same line.
 */
import { isMap, isSeq, LineCounter, parseDocument, stringify, type Document } from 'yaml';
import { CONFIGURATION_DOCUMENT_MAX_CHARS } from '../contract/configuration-document';
import { configurationDocumentSchema, type ConfigurationDocument } from './document';
import { moduleConfigIssues } from './module-configs';
import { schemaIssueParams, type SchemaIssueLike, type SchemaIssueParams } from './schema-issue';
import { structureProblems, type StructureProblem } from './yaml-structure';
import type { YamlErrorCode } from './yaml-error-codes';

/** Neutral in every language (the document's own keys, no sentence): the same text for a French and an English reader. */
export const DOCUMENT_HEADER = '# Postroom · settings · nlu\n';

const WRITE_OPTIONS = { lineWidth: 0, minContentWidth: 0, indent: 2, aliasDuplicateObjects: false } as const;

export function documentToText(document: ConfigurationDocument): string {
  return DOCUMENT_HEADER + stringify({ settings: document.settings, nlu: document.nlu }, WRITE_OPTIONS);
}

export interface TextProblem {
  /** `syntax`: not YAML; `schema`: YAML that is not a configuration. */
  kind: 'syntax' | 'schema';
  /** 1-based, as editors and people count. */
  line: number;
  column: number;
  /** Where in the document (schema problems); [] for syntax. */
  path: string[];
  message: string;
  /** Schema problems: the issue's code and facts, for the reader's language (schema-issue.ts). */
  issue?: SchemaIssueParams;
  /** A syntax problem with a code of its own (an alias, a duplicate key, a text too large); else the kind's. */
  code?: StructureProblem['code'] | 'configurationTooLarge';
  /** The size limit, for `configurationTooLarge`. */
  limit?: number;
  /** A YAML parse error's code (yaml-error-codes.ts), translated by the console with the column. */
  yamlCode?: YamlErrorCode;
}

export interface ReadResult {
  /** The configuration when the text is one (module configs may still have problems, listed). */
  document: ConfigurationDocument | null;
  /** The text's YAML value even when the schema refuses it (the outline and the checks still run on it). */
  raw: unknown;
  problems: TextProblem[];
  /** The line of a place in the document (the nearest existing parent when the place is missing). */
  lineOf: (path: readonly (string | number)[]) => number;
}

/** Node ranges → lines; a path that leads nowhere falls back to its nearest existing parent. */
function locator(parsed: Document, counter: LineCounter) {
  return (path: readonly (string | number)[]): { line: number; column: number } => {
    for (let length = path.length; length >= 0; length -= 1) {
      const keys = path.slice(0, length).map((key) => (typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : key));
      const node = keys.length === 0 ? parsed.contents : parsed.getIn(keys, true);
      const range = (node as { range?: [number, number, number] } | null | undefined)?.range;
      if (range) {
        // A key: point at the key of a map entry rather than its value when the value is a block.
        const position = counter.linePos(range[0]);
        return { line: position.line, column: position.col };
      }
    }
    return { line: 1, column: 1 };
  };
}

/** Where a key sits (its key node, on its own line), better than its value's block start. */
function keyLocator(parsed: Document, counter: LineCounter, byValue: ReturnType<typeof locator>) {
  return (path: readonly (string | number)[]) => {
    if (path.length === 0) return byValue(path);
    const parent = parsed.getIn(path.slice(0, -1).map((key) => (typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : key)), true);
    const last = path[path.length - 1];
    if (isMap(parent)) {
      const pair = parent.items.find((item) => (item.key as { value?: unknown } | null)?.value === last);
      const range = (pair?.key as { range?: [number, number, number] } | null | undefined)?.range;
      if (range) {
        const position = counter.linePos(range[0]);
        return { line: position.line, column: position.col };
      }
    }
    if (isSeq(parent)) return byValue(path);
    return byValue(path.slice(0, -1));
  };
}

export function readDocumentText(text: string): ReadResult {
  // Checked before parsing: the parse's cost grows with the text, and no configuration is this long.
  if (text.length > CONFIGURATION_DOCUMENT_MAX_CHARS) {
    const message = `The document has ${text.length} characters; at most ${CONFIGURATION_DOCUMENT_MAX_CHARS} are read`;
    return { document: null, raw: null, problems: [{ kind: 'syntax', code: 'configurationTooLarge', limit: CONFIGURATION_DOCUMENT_MAX_CHARS, line: 1, column: 1, path: [], message }], lineOf: () => 1 };
  }
  const counter = new LineCounter();
  // uniqueKeys off: the library's check is quadratic; structureProblems makes it linear (yaml-structure.ts).
  const parsed = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: false, strict: true });
  const byValue = locator(parsed, counter);
  const where = keyLocator(parsed, counter, byValue);
  const lineOf = (path: readonly (string | number)[]) => where(path).line;
  const syntax: TextProblem[] = [...parsed.errors, ...parsed.warnings].map((error) => {
    const position = error.linePos?.[0] ?? counter.linePos(error.pos[0]);
    // yaml's message repeats the position and quotes the text after a colon: keep the first line.
    // The library's code travels too: the console says it in the reader's language, never this English text.
    return { kind: 'syntax', line: position.line, column: position.col, path: [], yamlCode: error.code, message: error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '') };
  });
  if (syntax.length === 0) {
    for (const problem of structureProblems(parsed, counter)) syntax.push({ kind: 'syntax', path: [], ...problem });
  }
  if (syntax.length > 0) return { document: null, raw: null, problems: syntax, lineOf };
  const raw: unknown = parsed.toJS({ maxAliasCount: 0 }) ?? {};
  const checked = configurationDocumentSchema.safeParse(raw);
  const toProblem = (issue: SchemaIssueLike): TextProblem => {
    const position = where(issue.path as (string | number)[]);
    return { kind: 'schema', line: position.line, column: position.column, path: issue.path.map(String), message: schemaMessage(issue), issue: schemaIssueParams(issue, raw) };
  };
  if (!checked.success) return { document: null, raw, problems: checked.error.issues.map(toProblem), lineOf };
  // A module config that is not its module's config is a problem on its line, but the document is
  // still a configuration: the server refuses it only for modules the save adds or changes (as the
  // settings guard), so a stored config written before a rule was tightened does not block the rest.
  return { document: checked.data as ConfigurationDocument, raw, problems: moduleConfigIssues(checked.data.settings.modules).map(toProblem), lineOf };
}

/** A zod issue as one line: its place, then zod's (English) text. */
function schemaMessage(issue: { path: readonly PropertyKey[]; message: string }): string {
  const place = issue.path.map(String).join('.');
  return place === '' ? issue.message : `${place}: ${issue.message}`;
}

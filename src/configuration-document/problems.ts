/**
 * Every problem of a document text, each with its line: YAML syntax errors, schema errors, the §8
 * configuration messages, and the problems of any extra checker (the hook for the configuration
 * problem checks of the graph visualiser: a checker takes the document and names places in it).
 * The IDE runs it on every change; the server runs it before saving.
 */
import type { DocumentProblem } from '../contract/configuration-document';
import { documentMessages } from './checks';
import type { ConfigurationDocument } from './document';
import { readDocumentText, type ReadResult } from './text';

/** A problem an extra checker finds, at a place of the document. */
export interface CheckedProblem {
  path: (string | number)[];
  severity: 'error' | 'warning';
  code: string;
  params?: DocumentProblem['params'];
  message: string;
  /** The graph node of the entity concerned (`?node=` of the graph page). */
  node?: string;
}
export type DocumentChecker = (document: ConfigurationDocument) => CheckedProblem[];

export interface DocumentProblems {
  read: ReadResult;
  problems: DocumentProblem[];
}

export function documentProblems(text: string, checkers: readonly DocumentChecker[] = []): DocumentProblems {
  const read = readDocumentText(text);
  const problems: DocumentProblem[] = read.problems.map((problem) => ({
    source: problem.kind,
    severity: 'error',
    line: problem.line,
    path: problem.path,
    code: problem.code ?? (problem.kind === 'syntax' ? 'configurationSyntax' : 'configurationSchema'),
    params: {
      ...problem.issue,
      line: problem.line,
      message: problem.message,
      ...(problem.limit === undefined ? {} : { limit: problem.limit }),
      ...(problem.yamlCode === undefined ? {} : { yamlCode: problem.yamlCode, column: problem.column }),
    },
    message: `${problem.kind === 'syntax' ? 'Syntax error in your configuration' : 'Invalid configuration'}, line ${problem.line}: ${problem.message}`,
  }));
  const document = read.document;
  if (document !== null) {
    for (const message of documentMessages(document)) {
      problems.push({ source: 'message', severity: message.severity, line: read.lineOf(message.path), path: message.path, code: message.code, params: message.params, message: message.message });
    }
    for (const checker of checkers) {
      for (const found of checker(document)) {
        problems.push({
          source: 'check',
          severity: found.severity,
          line: read.lineOf(found.path),
          path: found.path.map(String),
          code: found.code,
          params: found.params ?? {},
          message: found.message,
          ...(found.node === undefined ? {} : { node: found.node }),
        });
      }
    }
  }
  problems.sort((a, b) => a.line - b.line || (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
  return { read, problems };
}

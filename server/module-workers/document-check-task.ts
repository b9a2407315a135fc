/**
 * The configuration document's read and checks (YAML parse, schema, §8 messages, the graph's
 * checks), run in a module worker for `configuration-document/check` and `save`: the text is the
 * tenant's (up to several MiB), so its parse never holds the HTTP thread. Only the plain result
 * crosses back: the document read (null when it is not one) and its problems.
 */
import type { ConfigurationDocument } from '../../src/configuration-document/document';
import { graphProblemsChecker } from '../../src/configuration-document/graph-checks';
import { documentProblems, type DocumentChecker } from '../../src/configuration-document/problems';
import type { DocumentProblem } from '../../src/contract/configuration-document';

/** Extra problem checks run on every document: the graph visualiser's configuration problem checks. */
export const DOCUMENT_CHECKERS: readonly DocumentChecker[] = [graphProblemsChecker];

export interface DocumentCheckTask {
  kind: 'documentCheck';
  text: string;
}

export interface DocumentCheckAnswer {
  document: ConfigurationDocument | null;
  problems: DocumentProblem[];
}

export function runDocumentCheck(task: DocumentCheckTask): DocumentCheckAnswer {
  const { read, problems } = documentProblems(task.text, DOCUMENT_CHECKERS);
  return { document: read.document, problems };
}

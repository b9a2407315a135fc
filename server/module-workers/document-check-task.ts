/**
 * The configuration document's check (configuration-document/document-check.ts: YAML parse, schema,
 * §8 messages, the graph's checks, the comparison with the stored configuration), run in a module
 * worker for `configuration-document/check` and `save`: the text is the tenant's (up to several MiB),
 * so none of it holds the HTTP thread. The main thread reads the stored document and sends it; only
 * the plain result crosses back, and the document as it would be saved only when the caller applies
 * it (a save), since decoding a document of a few MiB is itself long on the main thread.
 */
import type { ConfigurationDocument } from '../../src/configuration-document/document';
import { checkDocumentText, type CheckedDocument } from '../configuration-document/document-check';

export interface DocumentCheckTask {
  kind: 'documentCheck';
  text: string;
  stored: ConfigurationDocument;
  /** True for a save: the answer carries `incoming`; otherwise its `incoming` is null. */
  withIncoming: boolean;
}

export type DocumentCheckAnswer = CheckedDocument;

export function runDocumentCheck(task: DocumentCheckTask): DocumentCheckAnswer {
  const checked = checkDocumentText(task.text, task.stored);
  return task.withIncoming ? checked : { ...checked, incoming: null };
}

/**
 * The configuration document's check (configuration-document/document-check.ts: YAML parse, schema,
 * §8 messages, the graph's checks, the comparison with the stored configuration), run in a module
 * worker for `configuration-document/check` and `save`: the text is the tenant's (up to several MiB),
 * so none of it holds the HTTP thread. The main thread reads the stored document and sends it.
 * - `documentCheck` (a save, which applies the document): the check's result with the document.
 * - `documentCheckResponse` (the check endpoint): its response body, checked against the contract
 *   and serialized here. A 2 MiB document can have thousands of problems and changes (MiBs of JSON):
 *   decoding them, checking them and serializing them again would hold the main thread for as long.
 */
import type { ConfigurationDocument } from '../../src/configuration-document/document';
import { checkConfigurationDocument } from '../../src/contract/configuration-document';
import { checkDocumentText, type CheckedDocument } from '../configuration-document/document-check';

interface DocumentInput {
  text: string;
  stored: ConfigurationDocument;
}

export type DocumentCheckTask = DocumentInput & { kind: 'documentCheck' };
export type DocumentCheckResponseTask = DocumentInput & { kind: 'documentCheckResponse' };

/**
 * A save's check, with only what the save reads. `parsed`: the text is a configuration; `problems`
 * are there when it is not (its refusal names them); `incoming` and `changes` only when the save
 * writes (else empty: the save then refuses, or answers that nothing changed).
 */
export type DocumentCheckAnswer = CheckedDocument & { parsed: boolean };

export function runDocumentCheck(task: DocumentCheckTask): DocumentCheckAnswer {
  const checked = checkDocumentText(task.text, task.stored);
  const parsed = checked.incoming !== null;
  // A refused save, or one with nothing to write, keeps the document, its changes and its other
  // problems here: for a 2 MiB document, MiBs of objects the HTTP thread would decode (120 ms
  // measured) only to drop them.
  const writes = parsed && checked.blocking.length === 0 && (checked.changes.settings.length > 0 || checked.changes.nlu.length > 0);
  return {
    parsed,
    blocking: checked.blocking,
    problems: parsed ? [] : checked.problems,
    incoming: writes ? checked.incoming : null,
    changes: writes ? checked.changes : { settings: [], nlu: [] },
  };
}

/**
 * The check endpoint's body as UTF-8 JSON, what register.ts sends as is (`SerializedResponse`):
 * bytes, since Fastify encodes a string of MiBs on the main thread before sending it.
 */
export interface DocumentCheckResponseAnswer {
  json: Uint8Array;
}

export function runDocumentCheckResponse(task: DocumentCheckResponseTask): DocumentCheckResponseAnswer {
  const { problems, blocking, changes } = checkDocumentText(task.text, task.stored);
  // What register.ts does on the main thread for other endpoints: a mismatch is our bug (a 500).
  const raw = { problems, blocking, changes: [...changes.settings, ...changes.nlu] };
  const body: unknown = checkConfigurationDocument.response?.parse(raw) ?? raw;
  return { json: new TextEncoder().encode(JSON.stringify(body)) };
}

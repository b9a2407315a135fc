/**
 * Saving an IDE document: the whole text is checked first (syntax, schema, blocking configuration
 * messages of the modules it adds or changes), then its differences are applied in ONE transaction
 * that also creates a version of the new configuration. Any failure inside (an NLU item the import
 * refuses, a version name already used, the database) rolls everything back: nothing is half applied.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { runTestTask } from '../module-workers/test-task';
import type { DocumentProblem } from '../../src/contract/configuration-document';
import type { ServerErrorCode } from '../../src/contract/error-codes';
import { VERSION_NAME_TAKEN } from '../../src/contract/versions';
import type { Database } from '../db/open';
import { environments, environmentVersions } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { HttpError } from '../http-error';
import { importOriginalExport } from '../nlu/import';
import { fromDocument, readPreserved, writePreserved } from './preserved-nlu';
import type { DocumentCheckAnswer } from '../module-workers/document-check-task';
import { storedDocument } from './stored';

function refusedText(problems: DocumentProblem[]): HttpError {
  const first = problems.find((problem) => problem.source === 'syntax' || problem.source === 'schema')!;
  return new HttpError(400, {
    message: first.message,
    // The problem's own code: configurationSyntax / configurationSchema, or a named one (an alias, a duplicate key…).
    code: first.code as ServerErrorCode,
    // A schema problem's issue code and facts travel with it: the console (and `message`) say it in the reader's language.
    params: { ...first.params, line: first.line, message: String(first.params.message ?? first.message) },
    problems,
  });
}

/**
 * The text's parse, checks and comparison with the stored configuration run in a module worker
 * (document-check-task.ts), 422 testStopped past its limits: this thread only reads the stored document.
 */
export async function checkDocument(db: Database, environmentId: string, text: string): Promise<DocumentCheckAnswer> {
  return runTestTask({ kind: 'documentCheck', text, stored: await storedDocument(db, environmentId) });
}

/** The check endpoint's response body, checked against its contract and serialized by the worker too: its UTF-8 JSON. */
export async function checkDocumentResponse(db: Database, environmentId: string, text: string): Promise<Buffer> {
  const { json } = await runTestTask({ kind: 'documentCheckResponse', text, stored: await storedDocument(db, environmentId) });
  // The same bytes, not a copy.
  return Buffer.from(json.buffer, json.byteOffset, json.byteLength);
}

export async function saveDocument(db: Database, environmentId: string, text: string, versionName: string, userId: string | null) {
  const checked = await checkDocument(db, environmentId, text);
  const { incoming, changes } = checked;
  if (!checked.parsed) throw refusedText(checked.problems);
  const schema = checked.blocking.filter((problem) => problem.source === 'schema' || problem.source === 'syntax');
  if (schema.length > 0) throw refusedText(schema);
  if (checked.blocking.length > 0) {
    throw new HttpError(422, { message: `The configuration was not saved: ${checked.blocking.map((p) => p.message).join('; ')}`, code: 'configurationInvalid', problems: checked.blocking });
  }
  if (changes.settings.length === 0 && changes.nlu.length === 0) throw new HttpError(409, { message: 'Nothing to save: the document is the stored configuration', code: 'configurationUnchanged' });
  // The worker sends the document back exactly when it is written (document-check-task.ts).
  if (incoming === null) throw new Error('The configuration check kept back a document it found savable.');
  const id = randomUUID();
  try {
    const row = await db.transaction(async (tx) => {
      if (changes.settings.length > 0) await tx.update(environments).set({ settings: incoming.settings }).where(eq(environments.id, environmentId));
      if (changes.nlu.length > 0) {
        const preserved = await readPreserved(tx, environmentId);
        // A savepoint inside this transaction (importOriginalExport opens its own): rolled back with it.
        const report = await importOriginalExport(tx as unknown as Database, environmentId, { nlu: incoming.nlu }, 'replace');
        const refused = report.errors[0];
        if (refused !== undefined) {
          // The item's reason by code (`item` + its params, texts `nlu:importItems.*`), never our English message.
          throw new HttpError(400, {
            message: `${refused.at}: ${refused.message}`,
            code: 'configurationNluItem',
            params: { at: refused.at, item: refused.code, ...refused.params },
            errors: report.errors,
          });
        }
        // The export format has no place for functions, distances and notes: the document's own fields.
        await writePreserved(tx, environmentId, fromDocument(incoming.nlu, preserved, environmentId));
      }
      const [version] = await tx.insert(environmentVersions).values({ id, environmentId, name: versionName, settings: incoming.settings, createdBy: userId }).returning();
      return version!;
    });
    return { version: row, changes: [...changes.settings, ...changes.nlu] };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, { message: VERSION_NAME_TAKEN.replace('{name}', versionName), code: 'versionNameTaken', params: { name: versionName } });
    throw error;
  }
}

/**
 * Saving an IDE document: the whole text is checked first (syntax, schema, blocking configuration
 * messages of the modules it adds or changes), then its differences are applied in ONE transaction
 * that also creates a version of the new configuration. Any failure inside (an NLU item the import
 * refuses, a version name already used, the database) rolls everything back: nothing is half applied.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ConfigurationDocument } from '../../src/configuration-document/document';
import { runTestTask } from '../module-workers/test-task';
import type { DocumentProblem } from '../../src/contract/configuration-document';
import type { ServerErrorCode } from '../../src/contract/error-codes';
import type { SettingsChange } from '../../src/contract/environments';
import { VERSION_NAME_TAKEN } from '../../src/contract/versions';
import { withWorkflowIds } from '../categorization/settings-guard';
import type { Database } from '../db/open';
import { environments, environmentVersions } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';
import { withoutInactiveConfig } from '../environments/settings';
import { HttpError } from '../http-error';
import { importOriginalExport } from '../nlu/import';
import { fromDocument, readPreserved, writePreserved } from './preserved-nlu';
import { documentChanges, storedDocument } from './stored';

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

/** Ids of the modules `incoming` adds or changes: only their blocking messages refuse the save (as the settings guard). */
function touchedModules(stored: ConfigurationDocument, incoming: ConfigurationDocument): Set<string> {
  const before = new Map(stored.settings.modules.map((module) => [module.id, JSON.stringify(module)]));
  return new Set(incoming.settings.modules.filter((module) => before.get(module.id) !== JSON.stringify(module)).map((module) => module.id));
}

export interface CheckedDocument {
  problems: DocumentProblem[];
  /** Null when the text is not a configuration (its problems say why). */
  incoming: ConfigurationDocument | null;
  changes: { settings: SettingsChange[]; nlu: SettingsChange[] };
  /** Errors that refuse the save. */
  blocking: DocumentProblem[];
}

/** The text's parse and checks run in a module worker (document-check-task.ts): 422 testStopped past its limits. */
export async function checkDocument(db: Database, environmentId: string, text: string): Promise<CheckedDocument> {
  const { document, problems } = await runTestTask({ kind: 'documentCheck', text });
  if (document === null) return { problems, incoming: null, changes: { settings: [], nlu: [] }, blocking: problems.filter((p) => p.severity === 'error') };
  const stored = await storedDocument(db, environmentId);
  const incoming = { settings: withWorkflowIds(withoutInactiveConfig(document.settings)), nlu: document.nlu };
  const touched = touchedModules(stored, incoming);
  const moduleAt = (path: string[]) => (path[0] === 'settings' && path[1] === 'modules' ? document.settings.modules[Number(path[2])]?.id : undefined);
  const blocking = problems.filter((problem) => {
    // The graph's checks are shown, not enforced: the structured screens save such states too.
    if (problem.severity !== 'error' || problem.source === 'check') return false;
    const moduleId = moduleAt(problem.path);
    return moduleId === undefined ? problem.source !== 'message' : touched.has(moduleId);
  });
  return { problems, incoming, changes: documentChanges(stored, incoming), blocking };
}

export async function saveDocument(db: Database, environmentId: string, text: string, versionName: string, userId: string | null) {
  const checked = await checkDocument(db, environmentId, text);
  const { incoming, changes } = checked;
  if (incoming === null) throw refusedText(checked.problems);
  const schema = checked.blocking.filter((problem) => problem.source === 'schema' || problem.source === 'syntax');
  if (schema.length > 0) throw refusedText(schema);
  if (checked.blocking.length > 0) {
    throw new HttpError(422, { message: `The configuration was not saved: ${checked.blocking.map((p) => p.message).join('; ')}`, code: 'configurationInvalid', problems: checked.blocking });
  }
  if (changes.settings.length === 0 && changes.nlu.length === 0) throw new HttpError(409, { message: 'Nothing to save: the document is the stored configuration', code: 'configurationUnchanged' });
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

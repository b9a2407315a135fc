/**
 * An NLU import's reading (nlu/import-read.ts) in a module worker: the file is the tenant's (a
 * dictionary of megabytes), so checking and converting it never holds the HTTP thread. Each
 * archetype's dictionaries come back held (held-json.ts): the main thread hands their bytes to the
 * database without decoding them. A refusal (not an export, over a bound) comes back as its status
 * and body, for the main thread to answer as it did when it read the file itself.
 */
import { HttpError, type ErrorBody } from '../http-error';
import { readImport, type ReadArchetype, type ReadImport } from '../nlu/import-read';
import { holdJson, type HeldJson } from './held-json';

export type NluImportReadTask = { kind: 'nluImportRead'; file: unknown };
export type NluImportReadAnswer = { read: ReadImport<HeldJson<ReadArchetype['dictionaries']>> } | { refused: { status: number; body: ErrorBody } };

export function runNluImportRead(task: NluImportReadTask): NluImportReadAnswer {
  try {
    const read = readImport(task.file);
    return { read: { ...read, archetypes: read.archetypes.map(({ name, dictionaries }) => ({ name, dictionaries: holdJson(dictionaries) })) } };
  } catch (error) {
    if (error instanceof HttpError) return { refused: { status: error.statusCode, body: error.body } };
    throw error;
  }
}

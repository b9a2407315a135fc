/**
 * The configuration errors of an environment (compileNlu, with line numbers), as each of its servers
 * would compile it (the AI version decides whether distance -1 is allowed); with no server, as the
 * newest version would. Saves answer the errors concerning the saved item; `nlu/check` all of them.
 * Compiled in a module worker (in-worker.ts). A compile stopped at the worker's deadline or memory
 * cap is one error, `checkStopped`, concerning every item: a save has been written by then, so it
 * answers its item with that error rather than a 422 that would say nothing was saved.
 */
import { DEFAULT_AI_VERSION } from '../../src/contract/nlu-entities';
import type { NluConfigError } from '../../src/nlu/types';
import type { Database } from '../db/open';
import { HttpError } from '../http-error';
import type { NluRuntime } from './runtime';
import { nluInWorker } from './in-worker';
import { loadServers } from './source';


export async function configurationErrors(db: Database, runtime: NluRuntime, environmentId: string): Promise<NluConfigError[]> {
  const servers = await loadServers(db, environmentId);
  // An environment without servers is checked as a new server would be made.
  const versions = servers.length === 0 ? [DEFAULT_AI_VERSION] : [...new Set(servers.map((server) => server.aiVersion))];
  const seen = new Set<string>();
  const errors: NluConfigError[] = [];
  for (const version of versions) {
    const compiled = await versionErrors(db, runtime, environmentId, version);
    if (compiled.some((error) => error.code === 'checkStopped')) return [...errors, ...compiled];
    for (const error of compiled) {
      const key = JSON.stringify(error);
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push(error);
    }
  }
  return errors;
}

/** The errors of the environment compiled as a server of `aiVersion` would, or the one `checkStopped`. */
export async function versionErrors(db: Database, runtime: NluRuntime, environmentId: string, aiVersion: string): Promise<NluConfigError[]> {
  try {
    return (await nluInWorker(db, runtime, environmentId, aiVersion)).errors;
  } catch (error) {
    if (!(error instanceof HttpError) || error.body.code !== 'testStopped') throw error;
    return [checkStopped(error)];
  }
}

function checkStopped(stopped: HttpError): NluConfigError {
  const params = stopped.body.params as Record<string, string | number>;
  return { code: 'checkStopped', params, message: stopped.body.message };
}

export type ErrorSubject = { archetype: string } | { context: string } | { interaction: string; context: string } | 'all';

export function concerning(errors: NluConfigError[], subject: ErrorSubject): NluConfigError[] {
  if (subject === 'all') return errors;
  const about = (error: NluConfigError) => {
    if ('archetype' in subject) return error.archetype === subject.archetype;
    if ('interaction' in subject) return error.interaction === subject.interaction && error.context === subject.context;
    return error.context === subject.context;
  };
  return errors.filter((error) => error.code === 'checkStopped' || about(error));
}

/**
 * The configuration errors of an environment (compileNlu, with line numbers), as each of its servers
 * would compile it (the AI version decides whether distance -1 is allowed); with no server, as the
 * newest version would. Saves answer the errors concerning the saved item; `nlu/check` all of them.
 * Compiled in a module worker (in-worker.ts).
 */
import type { NluConfigError } from '../../src/nlu/types';
import type { Database } from '../db/open';
import type { NluRuntime } from './runtime';
import { nluInWorker } from './in-worker';
import { loadServers } from './source';

/** The version an environment without servers is checked against. */
export const DEFAULT_AI_VERSION = '4.12';

export async function configurationErrors(db: Database, runtime: NluRuntime, environmentId: string): Promise<NluConfigError[]> {
  const servers = await loadServers(db, environmentId);
  const versions = servers.length === 0 ? [DEFAULT_AI_VERSION] : [...new Set(servers.map((server) => server.aiVersion))];
  const seen = new Set<string>();
  const errors: NluConfigError[] = [];
  for (const version of versions) {
    for (const error of (await nluInWorker(db, runtime, environmentId, version)).errors) {
      const key = JSON.stringify(error);
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push(error);
    }
  }
  return errors;
}

export type ErrorSubject = { archetype: string } | { context: string } | { interaction: string; context: string } | 'all';

export function concerning(errors: NluConfigError[], subject: ErrorSubject): NluConfigError[] {
  if (subject === 'all') return errors;
  if ('archetype' in subject) return errors.filter((error) => error.archetype === subject.archetype);
  if ('interaction' in subject) return errors.filter((error) => error.interaction === subject.interaction && error.context === subject.context);
  return errors.filter((error) => error.context === subject.context);
}

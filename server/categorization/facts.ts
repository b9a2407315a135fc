/**
 * What the categorization checks and screens need from an environment beyond its settings: its NLU
 * interactions (criteria pickers, rule-name warning) and its servers (§5 compatibility), and the
 * messages (src/categorization/checks.ts) computed from them.
 */
import { asc, eq } from 'drizzle-orm';
import type { ConfigurationMessage } from '../../src/contract/categorization';
import type { EnvironmentModule, EnvironmentSettings, ModuleType } from '../../src/contract/environments';
import type { ServerFacts } from '../../src/categorization/checks';
import type { Database } from '../db/open';
import { nluContexts, nluInteractions } from '../db/schema-nlu';
import { environments } from '../db/schema';
import { readSettings } from '../environments/settings';
import { HttpError } from '../http-error';
import { loadServers } from '../nlu/source';
import type { SettingsChecksAnswer } from '../module-workers/settings-checks-task';
import { runTestTask } from '../module-workers/test-task';

type Reader = Pick<Database, 'select'>;

export interface InteractionFact {
  name: string;
  context: string;
  parameters: string[];
}

export async function interactionFacts(db: Reader, environmentId: string): Promise<InteractionFact[]> {
  const rows = await db
    .select({ name: nluInteractions.name, context: nluContexts.name, parameters: nluInteractions.parameters })
    .from(nluInteractions)
    .innerJoin(nluContexts, eq(nluContexts.id, nluInteractions.contextId))
    .where(eq(nluInteractions.environmentId, environmentId))
    .orderBy(asc(nluInteractions.name));
  return rows.map((row) => ({ name: row.name, context: row.context, parameters: row.parameters.map((parameter) => parameter.name) }));
}

export async function serverFacts(db: Reader, environmentId: string): Promise<ServerFacts[]> {
  return (await loadServers(db, environmentId)).map((row) => ({ name: row.name, aiVersion: row.aiVersion, responseFormat: row.responseFormat as ServerFacts['responseFormat'] }));
}

export async function environmentSettingsOf(db: Reader, environmentId: string): Promise<EnvironmentSettings> {
  const [row] = await db.select({ settings: environments.settings }).from(environments).where(eq(environments.id, environmentId));
  if (row === undefined) throw new HttpError(404, { message: 'Environment not found', code: 'environmentNotFound' });
  return readSettings(row.settings);
}

/**
 * Every message of the environment (settings-checks-task.ts, in a module worker: their cost is the
 * configuration's), with, for a write, the refusal of a touched module's configuration.
 */
export async function settingsChecks(db: Reader, environmentId: string, modules: EnvironmentModule[], touched: string[] = []): Promise<SettingsChecksAnswer> {
  const [interactions, servers] = await Promise.all([interactionFacts(db, environmentId), serverFacts(db, environmentId)]);
  return runTestTask({ kind: 'settingsChecks', modules, touched, interactionNames: interactions.map((fact) => fact.name), servers });
}

/** Every message of the environment: pipeline-wide ones and each categorization module's own. */
export async function environmentMessages(db: Reader, environmentId: string, settings: EnvironmentSettings): Promise<ConfigurationMessage[]> {
  const answer = await settingsChecks(db, environmentId, settings.modules);
  // Nothing is touched, so nothing is refused.
  return answer.refused === null ? answer.messages : [];
}

/** The module of that id and type, with its position, or the 404 / 409 the endpoints answer. */
export function moduleOf(settings: EnvironmentSettings, moduleId: string, type: ModuleType) {
  const position = settings.modules.findIndex((module) => module.id === moduleId);
  const module = settings.modules[position];
  if (module === undefined) throw new HttpError(404, { message: `Module not found in this environment: ${moduleId}`, code: 'moduleNotFound', params: { moduleId } });
  if (module.type !== type) {
    throw new HttpError(409, { message: `Module ${moduleId} is not of this type (${type})`, code: 'wrongModuleType', params: { moduleId, type } });
  }
  return { module, position };
}

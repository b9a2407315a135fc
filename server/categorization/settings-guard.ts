/**
 * The checks every write of an environment's modules goes through: the categorization
 * and consolidation endpoints, and `environments.updateSettings`.
 * - A consolidation module with an empty workflow id gets one (§3 "auto-created if empty", workflow-ids.ts).
 * - Blocking messages (severity `error`, src/categorization/checks.ts) refuse the write with 422
 *   `configurationInvalid` and the messages — but only those about modules the write adds or
 *   changes: a server deleted since must not make every unrelated save of the environment fail.
 * Environments made from a template or an export file, and imports, get workflow ids but are not
 * refused: their NLU servers usually come after them. A restored version is written as it was saved.
 */
import type { ConfigurationMessage } from '../../src/contract/categorization';
import type { EnvironmentSettings } from '../../src/contract/environments';
import type { Database } from '../db/open';
import { HttpError } from '../http-error';
import { settingsChecks } from './facts';
import { withWorkflowIds } from './workflow-ids';
import { ocrRulesInvalid } from '../ocr/rules-invalid';

export function configurationInvalid(messages: ConfigurationMessage[]): HttpError {
  return new HttpError(422, {
    message: `The configuration was not saved: ${messages.map((message) => message.message).join('; ')}`,
    code: 'configurationInvalid',
    messages,
  });
}

/** Ids of the modules `after` adds or changes compared with `before`. */
function touchedModules(before: EnvironmentSettings | null, after: EnvironmentSettings): Set<string> {
  const previous = new Map((before?.modules ?? []).map((module) => [module.id, JSON.stringify(module)]));
  return new Set(after.modules.filter((module) => previous.get(module.id) !== JSON.stringify(module)).map((module) => module.id));
}

/** `after` with workflow ids filled, or the 422 of its blocking messages; answers every message too. */
export async function guardModulesWrite(
  // A reader is enough: the checks only read (a transaction passes itself, so they see its writes).
  db: Pick<Database, 'select'>,
  environmentId: string,
  before: EnvironmentSettings | null,
  after: EnvironmentSettings,
): Promise<{ settings: EnvironmentSettings; messages: ConfigurationMessage[] }> {
  const touched = touchedModules(before, after);
  const checked = await settingsChecks(db, environmentId, after.modules, [...touched]);
  if (checked.refused === 'invalidConfig') {
    throw new HttpError(400, {
      message: 'Invalid request',
      code: 'invalidRequest',
      issues: checked.issues.map((issue) => ({ ...issue, path: ['settings', 'modules', checked.moduleId, 'config', ...issue.path.map(String)] })),
    });
  }
  if (checked.refused === 'ocrRules') throw ocrRulesInvalid(checked.problems);
  const { messages } = checked;
  const blocking = messages.filter((message) => message.severity === 'error' && message.moduleId !== null && touched.has(message.moduleId));
  if (blocking.length > 0) throw configurationInvalid(blocking);
  return { settings: withWorkflowIds(after), messages };
}

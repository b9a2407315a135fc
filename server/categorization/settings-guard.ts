/**
 * The checks every write of an environment's modules goes through (issue 13): the categorization
 * and consolidation endpoints, and `environments.updateSettings`.
 * - A consolidation module with an empty workflow id gets one (§3 "auto-created if empty", workflow-ids.ts).
 * - Blocking messages (severity `error`, src/categorization/checks.ts) refuse the write with 422
 *   `configurationInvalid` and the messages — but only those about modules the write adds or
 *   changes: a server deleted since must not make every unrelated save of the environment fail.
 * Environments made from a template or an export file, and imports, get workflow ids but are not
 * refused: their NLU servers usually come after them. A restored version is written as it was saved.
 */
import type { ConfigurationMessage } from '../../src/contract/categorization';
import { consolidationConfigSchema } from '../../src/contract/modules/consolidation';
import { categorizationConfigSchema } from '../../src/contract/modules/categorization';
import { extractionConfigSchema } from '../../src/contract/modules/extraction';
import type { EnvironmentSettings } from '../../src/contract/environments';
import type { Database } from '../db/open';
import { HttpError } from '../http-error';
import { environmentMessages } from './facts';
import { withWorkflowIds } from './workflow-ids';
import { ocrDataExtractionConfigSchema } from '../../src/contract/ocr-data-extraction';
import { checkFieldRules } from '../../src/ocr/rule-checks';
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
  // `PUT settings` takes any module `config` object: a categorization, consolidation or extraction
  // one must be what the module reads, or the module would fail at every analysis.
  for (const module of after.modules) {
    if (!touched.has(module.id) || !module.active) continue;
    const schema =
      module.type === 'categorization' ? categorizationConfigSchema
      : module.type === 'consolidation' ? consolidationConfigSchema
      : module.type === 'ocrDataExtraction' ? ocrDataExtractionConfigSchema
      : module.type === 'extraction' ? extractionConfigSchema
      : null;
    const parsed = schema?.safeParse(module.config);
    if (parsed !== undefined && !parsed.success) {
      throw new HttpError(400, {
        message: 'Invalid request',
        code: 'invalidRequest',
        issues: parsed.error.issues.map((issue) => ({ ...issue, path: ['settings', 'modules', module.id, 'config', ...issue.path.map(String)] })),
      });
    }
    // OCR field rules: a pattern that is not a regular expression would fail every analysis.
    const rules = module.type === 'ocrDataExtraction' ? ocrDataExtractionConfigSchema.parse(module.config).rules : undefined;
    const problems = rules ? checkFieldRules(rules) : [];
    if (problems.length > 0) throw ocrRulesInvalid(problems);
  }
  const messages = await environmentMessages(db, environmentId, after);
  const blocking = messages.filter((message) => message.severity === 'error' && message.moduleId !== null && touched.has(message.moduleId));
  if (blocking.length > 0) throw configurationInvalid(blocking);
  return { settings: withWorkflowIds(after), messages };
}

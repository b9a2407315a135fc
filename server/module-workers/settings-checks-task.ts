/**
 * The checks of an environment's modules, run in a module worker for every write of them
 * (categorization/settings-guard.ts) and for the messages the categorization screens show
 * (categorization/facts.ts): module configurations against their schemas, OCR field rules compiled,
 * and the configuration messages (src/categorization/checks.ts: Liquid programs parsed, rules and
 * their criteria walked). Their cost is the tenant's configuration (a Liquid program of megabytes,
 * thousands of rules): measured on the HTTP thread, building and parsing one Liquid program held it
 * 50 ms. The main thread reads the facts from the database and sends them with the modules.
 */
import type { ZodIssue } from 'zod';
import { categorizationConfigSchema, type ConfigurationMessage } from '../../src/contract/categorization';
import type { EnvironmentModule } from '../../src/contract/environments';
import { consolidationConfigSchema } from '../../src/contract/modules/consolidation';
import { extractionConfigSchema } from '../../src/contract/modules/extraction';
import { ocrDataExtractionConfigSchema, type OcrRuleProblem } from '../../src/contract/ocr-data-extraction';
import { modulesMessages, type ServerFacts } from '../../src/categorization/checks';
import { checkFieldRules } from '../../src/ocr/rule-checks';

export type SettingsChecksTask = {
  kind: 'settingsChecks';
  modules: EnvironmentModule[];
  /** Ids of the modules a write adds or changes: their configurations are checked against their schemas. None for a read. */
  touched: string[];
  interactionNames: string[];
  servers: ServerFacts[];
};

/** A refusal of a touched module's configuration, or every message of the environment. */
export type SettingsChecksAnswer =
  | { refused: 'invalidConfig'; moduleId: string; issues: ZodIssue[] }
  | { refused: 'ocrRules'; problems: OcrRuleProblem[] }
  | { refused: null; messages: ConfigurationMessage[] };

function schemaOf(module: EnvironmentModule) {
  switch (module.type) {
    case 'categorization':
      return categorizationConfigSchema;
    case 'consolidation':
      return consolidationConfigSchema;
    case 'ocrDataExtraction':
      return ocrDataExtractionConfigSchema;
    case 'extraction':
      return extractionConfigSchema;
    default:
      return null;
  }
}

export function runSettingsChecks(task: SettingsChecksTask): SettingsChecksAnswer {
  const touched = new Set(task.touched);
  // `PUT settings` takes any module `config` object: a categorization, consolidation or extraction
  // one must be what the module reads, or the module would fail at every analysis.
  for (const module of task.modules) {
    if (!touched.has(module.id) || !module.active) continue;
    const parsed = schemaOf(module)?.safeParse(module.config);
    if (parsed !== undefined && !parsed.success) return { refused: 'invalidConfig', moduleId: module.id, issues: parsed.error.issues };
    // OCR field rules: a pattern that is not a regular expression would fail every analysis.
    if (module.type !== 'ocrDataExtraction') continue;
    const problems = checkFieldRules(ocrDataExtractionConfigSchema.parse(module.config).rules ?? []);
    if (problems.length > 0) return { refused: 'ocrRules', problems };
  }
  return { refused: null, messages: modulesMessages(task.modules, new Set(task.interactionNames), task.servers) };
}

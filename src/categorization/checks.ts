/**
 * The configuration messages of §5 and §8 for categorization, consolidation and taints
 * (`ConfigurationMessage`, src/contract/categorization.ts). Pure: the server refuses saves with them
 * and answers them to the screens, which may also run them on unsaved state.
 */
import type { NluResponseFormat } from '../nlu/response-format';
import {
  CATEGORIZATION_MIN_AI_VERSION,
  categorizationConfigSchema,
  type CategorizationConfig,
  type ConfigurationMessage,
} from '../contract/categorization';
import type { EnvironmentModule, ModuleType } from '../contract/environments';
import { DEFAULT_AI_VERSION } from '../contract/nlu-entities';
import { advancedSyntaxError } from './advanced';

type Message = ConfigurationMessage;

const TEXT: Record<Message['code'], (params: Message['params']) => string> = {
  classificationNameTaken: (p) => `The name "${p.name}" is already used in this module`,
  categoryNameEmpty: () => 'The category name cannot be empty',
  categoryRenameUnchanged: (p) => `Change the name of category "${p.name}" before saving the rename`,
  defaultCategoryEmpty: () => 'The default category cannot be made of spaces',
  ruleNameNotInProject: (p) => `The rule name "${p.rule}" (${p.category}) does not match a rule of the project`,
  unknownInteraction: (p) => `Rule "${p.rule}" uses the interaction "${p.interaction}", which does not exist`,
  advancedSyntaxError: (p) => `Syntax error in your configuration, line ${p.line}: ${p.message}`,
  categorizationNeedsServer: () => 'Categorization needs at least one NLU server',
  categorizationNeedsAiVersion: (p) => `Categorization needs AI version ${p.minimum} or higher (server "${p.server}": ${p.version})`,
  categorizationNeedsV5: (p) => `Categorization needs the V5 response format (server "${p.server}")`,
  missingTaints: (p) => `Missing taints for module "${p.module}": no earlier module produces ${[p.taints].flat().join(', ')}`,
  incompatibleInputType: (p) => `Incompatible input type for module "${p.module}" (${p.inputType}): ${p.needs} expected`,
  categorizationNotActivated: (p) => `The categorization engine is not activated: module "${p.module}" will get no category`,
  visionEngineMissing: (p) => `Rule "${p.rule}" of module "${p.module}" reads the vision engine, but no active vision engine module runs before it`,
};

function message(code: Message['code'], severity: Message['severity'], moduleId: string | null, path: string[], params: Message['params'] = {}): Message {
  return { code, severity, moduleId, path, params, message: TEXT[code](params) };
}

/** The module's own configuration: names (§5), default category, rule names, the advanced program. */
export function categorizationConfigMessages(moduleId: string, config: CategorizationConfig, interactionNames: ReadonlySet<string>): Message[] {
  const messages: Message[] = [];
  const seen = new Map<string, number>();
  config.categories.forEach((category, index) => {
    const name = category.name.trim();
    if (name === '') {
      messages.push(message('categoryNameEmpty', 'error', moduleId, ['categories', String(index), 'name'], { index }));
    } else {
      // Unique per classification kind: a body category and an attachment category may share a name.
      const key = `${category.target}:${name.toLowerCase()}`;
      if (seen.has(key)) messages.push(message('classificationNameTaken', 'error', moduleId, ['categories', String(index), 'name'], { name }));
      else seen.set(key, index);
    }
    category.rules.forEach((rule, ruleIndex) => {
      const path = ['categories', String(index), 'rules', String(ruleIndex)];
      if (!interactionNames.has(rule.name)) {
        messages.push(message('ruleNameNotInProject', 'warning', moduleId, [...path, 'name'], { rule: rule.name, category: name }));
      }
      rule.criteria.forEach((criterion, criterionIndex) => {
        if (criterion.type === 'interaction' && !interactionNames.has(criterion.interaction)) {
          messages.push(
            message('unknownInteraction', 'warning', moduleId, [...path, 'criteria', String(criterionIndex)], { rule: rule.name, interaction: criterion.interaction }),
          );
        }
      });
    });
  });
  if (config.defaultCategory !== null && config.defaultCategory.trim() === '') {
    messages.push(message('defaultCategoryEmpty', 'error', moduleId, ['defaultCategory']));
  }
  if (config.advanced.program.trim() !== '') {
    const error = advancedSyntaxError(config.advanced.program);
    if (error !== null) {
      messages.push(message('advancedSyntaxError', 'error', moduleId, ['advanced', 'program'], { line: error.line ?? 1, message: error.message }));
    }
  }
  return messages;
}

export interface ServerFacts {
  name: string;
  aiVersion: string;
  responseFormat: NluResponseFormat;
}

/** The major AI version of "5", "5.1", "v4.9_prod"; 0 when none is written. */
export function majorVersion(aiVersion: string): number {
  const match = /(\d+)/.exec(aiVersion);
  return match === null ? 0 : Number(match[1]);
}

/**
 * The AI version a new server gets: what the environment's active modules need (a categorization
 * module: 5, §5), else DEFAULT_AI_VERSION. The server fills it in when a create leaves it out, and
 * the servers screen starts its form with it.
 */
export function aiVersionNeeded(modules: readonly Pick<EnvironmentModule, 'type' | 'active'>[]): string {
  return modules.some((module) => module.active && module.type === 'categorization') ? String(CATEGORIZATION_MIN_AI_VERSION) : DEFAULT_AI_VERSION;
}

/** §5 categorization compatibility: AI version ≥ 5, response format V5, at least one server (only one needed). */
export function compatibilityMessages(moduleId: string, servers: readonly ServerFacts[]): Message[] {
  if (servers.length === 0) return [message('categorizationNeedsServer', 'error', moduleId, [])];
  const recent = servers.filter((server) => majorVersion(server.aiVersion) >= CATEGORIZATION_MIN_AI_VERSION);
  if (recent.length === 0) {
    const best = [...servers].sort((a, b) => majorVersion(b.aiVersion) - majorVersion(a.aiVersion))[0]!;
    return [message('categorizationNeedsAiVersion', 'error', moduleId, [], { server: best.name, version: best.aiVersion, minimum: CATEGORIZATION_MIN_AI_VERSION })];
  }
  if (!recent.some((server) => server.responseFormat === 'V5')) return [message('categorizationNeedsV5', 'error', moduleId, [], { server: recent[0]!.name })];
  return [];
}

/** Module types that work per document and so take an input type; the others take none. */
const TAKES_INPUT_TYPE: ReadonlySet<ModuleType> = new Set(['nlu', 'categorization', 'extraction', 'visionEngine', 'ocrDataExtraction']);

function documentsOf(inputType: EnvironmentModule['inputType']): Set<'body' | 'attachment'> {
  return new Set(inputType === 'body' ? ['body'] : inputType === 'attachment' ? ['attachment'] : ['body', 'attachment']);
}

/** Enabled rules of a categorization module with a `visionEngine` criterion. */
function rulesReadingVision(module: EnvironmentModule): string[] {
  const parsed = categorizationConfigSchema.safeParse(module.config);
  if (!parsed.success) return [];
  return parsed.data.categories.flatMap((category) => category.rules.filter((rule) => rule.enabled && rule.criteria.some((criterion) => criterion.type === 'visionEngine')).map((rule) => rule.name));
}

function taintsProducedBy(module: EnvironmentModule): string[] {
  if (module.type !== 'categorization') return [];
  const parsed = categorizationConfigSchema.safeParse(module.config);
  if (!parsed.success) return [];
  return parsed.data.categories.flatMap((category) => category.rules.flatMap((rule) => (rule.enabled && rule.taint !== null ? [rule.taint.name] : [])));
}

/**
 * The pipeline-wide messages (§8): input types, missing taints, consolidation (or output with
 * categories) without an active categorization module before it, and the §5 compatibility of each
 * active categorization module.
 */
export function pipelineMessages(modules: readonly EnvironmentModule[], servers: readonly ServerFacts[]): Message[] {
  const messages: Message[] = [];
  const produced = new Set<string>();
  let nlu: EnvironmentModule | undefined;
  let categorizationBefore = false;
  let visionBefore = false;
  for (const module of modules) {
    if (!module.active) continue;
    const path = ['modules', module.id];
    if (module.inputType !== null && !TAKES_INPUT_TYPE.has(module.type)) {
      messages.push(message('incompatibleInputType', 'error', module.id, [...path, 'inputType'], { module: module.name, inputType: module.inputType, needs: 'none' }));
    }
    if (module.type === 'categorization' && nlu !== undefined) {
      const analysed = documentsOf(nlu.inputType);
      const wanted = [...documentsOf(module.inputType)];
      if (wanted.some((side) => !analysed.has(side))) {
        messages.push(
          message('incompatibleInputType', 'warning', module.id, [...path, 'inputType'], { module: module.name, inputType: module.inputType ?? 'both', needs: nlu.inputType ?? 'both' }),
        );
      }
    }
    const missing = module.requiredTaints.filter((taint) => !produced.has(taint));
    if (missing.length > 0) messages.push(message('missingTaints', 'warning', module.id, [...path, 'requiredTaints'], { module: module.name, taints: missing }));
    if (module.type === 'consolidation' && !categorizationBefore) {
      messages.push(message('categorizationNotActivated', 'warning', module.id, path, { module: module.name }));
    }
    if (module.type === 'categorization' && !visionBefore) {
      for (const rule of rulesReadingVision(module)) messages.push(message('visionEngineMissing', 'warning', module.id, path, { module: module.name, rule }));
    }
    if (module.type === 'visionEngine') visionBefore = true;
    if (module.type === 'categorization') {
      categorizationBefore = true;
      messages.push(...compatibilityMessages(module.id, servers));
    }
    if (module.type === 'nlu') nlu = module;
    for (const taint of taintsProducedBy(module)) produced.add(taint);
  }
  return messages;
}

/** Every message of an environment's modules: pipeline-wide ones and each categorization module's own. */
export function modulesMessages(modules: readonly EnvironmentModule[], interactionNames: ReadonlySet<string>, servers: readonly ServerFacts[]): Message[] {
  const own = modules.flatMap((module) => {
    if (module.type !== 'categorization') return [];
    const parsed = categorizationConfigSchema.safeParse(module.config);
    return parsed.success ? categorizationConfigMessages(module.id, parsed.data, interactionNames) : [];
  });
  return [...pipelineMessages(modules, servers), ...own];
}

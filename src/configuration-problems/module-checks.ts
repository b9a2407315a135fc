/**
 * Problems of the modules' references to the NLU and to each other: a module limited to a missing
 * context, categorization rules testing interactions, parameters or categories that do not exist,
 * rules with no criteria, extraction fields whose source (interaction, parameter, snippet) is missing.
 */
import { categorizationConfigSchema, type CategorizationConfig } from '../contract/modules/categorization';
import { extractionConfigSchema, type ExtractionConfig } from '../contract/modules/extraction';
import type { ConfigurationSnapshot } from '../contract/configuration-graph';
import type { EnvironmentModule } from '../contract/environments';
import type { ModuleType } from '../contract/environment-modules';
import type { NluNames } from './nlu-checks';
import type { ConfigurationProblem } from './types';

/** A module's configuration as its type reads it; null when it is not of that type or does not parse. */
export function categorizationOf(module: EnvironmentModule): CategorizationConfig | null {
  if (module.type !== 'categorization') return null;
  const parsed = categorizationConfigSchema.safeParse(module.config);
  return parsed.success ? parsed.data : null;
}

export function extractionOf(module: EnvironmentModule): ExtractionConfig | null {
  if (module.type !== 'extraction') return null;
  const parsed = extractionConfigSchema.safeParse(module.config);
  return parsed.success ? parsed.data : null;
}

const fold = (name: string) => name.trim().toLowerCase();

function categorizationProblems(
  module: EnvironmentModule,
  config: CategorizationConfig,
  snapshot: ConfigurationSnapshot,
  categories: ReadonlySet<string>,
): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  for (const category of config.categories) {
    for (const rule of category.rules) {
      const entity = { kind: 'rule', moduleId: module.id, categoryId: category.id, id: rule.id, name: rule.name } as const;
      const base = { module: module.name, category: category.name, rule: rule.name };
      if (rule.criteria.length === 0) problems.push({ code: 'ruleWithoutCriteria', severity: 'warning', entity, params: base });
      for (const criterion of rule.criteria) {
        if (criterion.type === 'interaction') {
          const candidates = snapshot.interactions.filter(
            (interaction) => interaction.name === criterion.interaction && (criterion.context === null || interaction.context === criterion.context),
          );
          if (candidates.length === 0) {
            problems.push({ code: 'ruleUnknownInteraction', severity: 'warning', entity, params: { ...base, interaction: criterion.interaction } });
            continue;
          }
          const declared = new Set(candidates.flatMap((interaction) => interaction.parameters.map((parameter) => parameter.name)));
          for (const { parameter } of criterion.parameters) {
            if (!declared.has(parameter)) {
              problems.push({ code: 'ruleUnknownParameter', severity: 'warning', entity, params: { ...base, interaction: criterion.interaction, parameter } });
            }
          }
        }
        if (criterion.type === 'category' && !categories.has(fold(criterion.category))) {
          problems.push({ code: 'ruleUnknownCategory', severity: 'warning', entity, params: { ...base, given: criterion.category } });
        }
      }
    }
  }
  return problems;
}

function extractionProblems(module: EnvironmentModule, config: ExtractionConfig, snapshot: ConfigurationSnapshot): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const snippets = new Set(config.snippets.map((snippet) => snippet.name));
  for (const field of config.fields) {
    const entity = { kind: 'extractionField', moduleId: module.id, id: field.id, name: field.name } as const;
    const source = field.source;
    if (source.type === 'nluParameter') {
      const candidates = snapshot.interactions.filter((interaction) => interaction.name === source.interaction);
      if (candidates.length === 0) {
        problems.push({ code: 'extractionUnknownInteraction', severity: 'warning', entity, params: { module: module.name, field: field.name, interaction: source.interaction } });
      } else if (!candidates.some((interaction) => interaction.parameters.some((parameter) => parameter.name === source.parameter))) {
        problems.push({
          code: 'extractionUnknownParameter',
          severity: 'warning',
          entity,
          params: { module: module.name, field: field.name, interaction: source.interaction, parameter: source.parameter },
        });
      }
    }
    if (source.type === 'namedSnippet' && !snippets.has(source.snippet)) {
      problems.push({ code: 'extractionUnknownSnippet', severity: 'error', entity, params: { module: module.name, field: field.name, snippet: source.snippet } });
    }
  }
  return problems;
}

/** Does `reader` read the results of a module of `type` (when that one runs before it)? */
function readsResultsOf(reader: EnvironmentModule, type: ModuleType): boolean {
  if (reader.type === 'replyTemplate') return type === 'categorization' || type === 'consolidation' || type === 'extraction';
  if (reader.type === 'consolidation') return type === 'categorization';
  if (reader.type === 'categorization' && type === 'extraction') {
    return categorizationOf(reader)?.categories.some((category) => category.rules.some((rule) => rule.criteria.some((criterion) => criterion.type === 'extractedData'))) ?? false;
  }
  return false;
}

/** A module placed after an active one that reads its results: they never reach it. */
function placementProblems(modules: readonly EnvironmentModule[]): ConfigurationProblem[] {
  return modules.flatMap((module, index): ConfigurationProblem[] => {
    const reader = module.active ? modules.slice(0, index).find((earlier) => earlier.active && readsResultsOf(earlier, module.type)) : undefined;
    if (reader === undefined) return [];
    return [{ code: 'moduleAfterItsReader', severity: 'warning', entity: { kind: 'module', id: module.id, name: module.name }, params: { module: module.name, reader: reader.name } }];
  });
}

export function moduleProblems(snapshot: ConfigurationSnapshot, names: NluNames): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  // Categories any categorization module gives (its default included): a "category already given"
  // criterion naming none of them can never hold.
  const categories = new Set<string>();
  for (const module of snapshot.modules) {
    const config = categorizationOf(module);
    if (config === null) continue;
    for (const category of config.categories) categories.add(fold(category.name));
    if (config.defaultCategory !== null) categories.add(fold(config.defaultCategory));
  }
  for (const module of snapshot.modules) {
    if (module.context !== null && module.context.trim() !== '' && !names.contexts.has(module.context)) {
      problems.push({ code: 'moduleUnknownContext', severity: 'error', entity: { kind: 'module', id: module.id, name: module.name }, params: { module: module.name, context: module.context } });
    }
    const categorization = categorizationOf(module);
    if (categorization !== null) problems.push(...categorizationProblems(module, categorization, snapshot, categories));
    const extraction = extractionOf(module);
    if (extraction !== null) problems.push(...extractionProblems(module, extraction, snapshot));
  }
  problems.push(...placementProblems(snapshot.modules));
  return problems;
}

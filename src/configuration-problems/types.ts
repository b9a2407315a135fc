/**
 * What the configuration problem checks report: a stable code, its severity, the entity it
 * concerns and the parameters its translated text needs (i18n namespace `configurationProblems`,
 * `problems.<code>`). The graph marks the entity's node; the IDE's problems panel points at it.
 */

/**
 * Codes and their params:
 * - contextWithoutServer `{ context }` (§8 "no server linked": the context is never included in NLU analyses);
 * - unusedArchetype `{ archetype }`: no interaction parameter, other archetype or neutralizer uses it;
 * - unknownSubArchetype `{ archetype, reference }` (§8 "sub-archetype does not exist");
 * - parameterUnknownArchetype `{ interaction, parameter, archetype }`;
 * - interactionUnknownFunction `{ interaction, function }`;
 * - functionUnknownInteraction `{ function, interaction }`: the interaction it looks for does not exist;
 * - serverUnknownContext `{ server, context }`;
 * - neutralizerUnknownArchetype `{ context, archetype }`;
 * - moduleUnknownContext `{ module, context }`: a module is limited to a context that does not exist;
 * - ruleUnknownInteraction `{ module, category, rule, interaction }`: the criterion can never hold;
 * - ruleUnknownParameter `{ module, category, rule, interaction, parameter }`;
 * - ruleUnknownCategory `{ module, category, rule, given }`: no categorization module gives `given`;
 * - ruleWithoutCriteria `{ module, category, rule }`: a rule with no criteria never holds;
 * - extractionUnknownInteraction `{ module, field, interaction }`;
 * - extractionUnknownParameter `{ module, field, interaction, parameter }`;
 * - extractionUnknownSnippet `{ module, field, snippet }`;
 * - moduleAfterItsReader `{ module, reader }`: `reader`, earlier in the pipeline, reads this module's
 *   results (a reply template its categories and fields, a categorization rule its extracted data,
 *   consolidation its categories), but a run gives a module only the results of those before it.
 */
export const CONFIGURATION_PROBLEM_CODES = [
  'contextWithoutServer',
  'unusedArchetype',
  'unknownSubArchetype',
  'parameterUnknownArchetype',
  'interactionUnknownFunction',
  'functionUnknownInteraction',
  'serverUnknownContext',
  'neutralizerUnknownArchetype',
  'moduleUnknownContext',
  'ruleUnknownInteraction',
  'ruleUnknownParameter',
  'ruleUnknownCategory',
  'ruleWithoutCriteria',
  'extractionUnknownInteraction',
  'extractionUnknownParameter',
  'extractionUnknownSnippet',
  'moduleAfterItsReader',
] as const;
export type ConfigurationProblemCode = (typeof CONFIGURATION_PROBLEM_CODES)[number];

/** The configuration item a problem is about (ids are the stored ids; modules' items carry their module). */
export type ProblemEntity =
  | { kind: 'archetype' | 'context' | 'function' | 'server'; id: string; name: string }
  | { kind: 'interaction'; id: string; name: string; context: string }
  | { kind: 'module'; id: string; name: string }
  | { kind: 'category'; moduleId: string; id: string; name: string }
  | { kind: 'rule'; moduleId: string; categoryId: string; id: string; name: string }
  | { kind: 'extractionField'; moduleId: string; id: string; name: string };
export type ProblemEntityKind = ProblemEntity['kind'];

export interface ConfigurationProblem {
  code: ConfigurationProblemCode;
  /** `error`: that part cannot work as configured; `warning`: it runs, but probably not as meant. */
  severity: 'error' | 'warning';
  entity: ProblemEntity;
  params: Record<string, string>;
}

/**
 * The graph node a problem is marked on (the graph's `?node=`): its entity's, except a rule's, which
 * is shown on its category (rules are not nodes).
 */
export function problemNodeKey(entity: ProblemEntity): string {
  return entity.kind === 'rule' ? entityKey({ kind: 'category', moduleId: entity.moduleId, id: entity.categoryId, name: '' }) : entityKey(entity);
}

/**
 * One key per entity, the same the graph gives the entity's node: `archetype:<id>`,
 * `rule:<moduleId>:<ruleId>`… (module items' ids are unique within their module only).
 */
export function entityKey(entity: ProblemEntity): string {
  switch (entity.kind) {
    case 'category':
    case 'extractionField':
      return `${entity.kind}:${entity.moduleId}:${entity.id}`;
    case 'rule':
      return `rule:${entity.moduleId}:${entity.categoryId}:${entity.id}`;
    default:
      return `${entity.kind}:${entity.id}`;
  }
}

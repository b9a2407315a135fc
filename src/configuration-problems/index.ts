/**
 * The configuration problem checks: pure, no DOM and no Node, run by the graph screen and
 * the IDE's problems panel on the same snapshot.
 *
 *   configurationProblems(snapshot: ConfigurationSnapshot): ConfigurationProblem[]
 *
 * The snapshot comes from `GET …/configuration/snapshot` (src/contract/configuration-graph.ts) or
 * from full NLU items with `snapshotOf(modules, items)`. Problems come errors first, then in the
 * order of the configuration (NLU items, then modules in pipeline order).
 */
import type { ConfigurationSnapshot } from '../contract/configuration-graph';
import { moduleProblems } from './module-checks';
import { nluNames, nluProblems } from './nlu-checks';
import type { ConfigurationProblem } from './types';

export * from './types';
export { archetypeReferences, replyTemplateReferences, snapshotOf, type FullNluItems, type FullReplyTemplates } from './references';
export { isBuiltinArchetype } from './nlu-checks';
export { categorizationOf, extractionOf } from './module-checks';

export function configurationProblems(snapshot: ConfigurationSnapshot): ConfigurationProblem[] {
  const names = nluNames(snapshot);
  const problems = [...nluProblems(snapshot, names), ...moduleProblems(snapshot, names)];
  // A stable sort: errors first, the configuration's order kept within each severity.
  return problems.map((problem, index) => ({ problem, index }))
    .sort((a, b) => (a.problem.severity === b.problem.severity ? a.index - b.index : a.problem.severity === 'error' ? -1 : 1))
    .map(({ problem }) => problem);
}

/**
 * The text of a configuration problem (src/configuration-problems/) in the user's language, from its
 * code and params: the graph and the IDE's problems panel show the same sentence.
 */
import i18next from 'i18next';
import type { ConfigurationProblem } from '../configuration-problems';

export function configurationProblemText(problem: Pick<ConfigurationProblem, 'code' | 'params'>): string {
  return i18next.t(`configurationProblems:problems.${problem.code}` as never, problem.params as never) as unknown as string;
}

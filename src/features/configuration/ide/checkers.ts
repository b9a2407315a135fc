/**
 * Extra problem checks of the IDE, run on every change beside the §8 messages (engine hook
 * `DocumentChecker`, src/configuration-document/problems.ts): the graph visualiser's configuration
 * problem checks (an unused archetype, a missing sub-archetype, a rule testing a missing
 * parameter…), the same list as the server's (server/configuration-document/save.ts).
 */
import { graphProblemsChecker } from '../../../configuration-document/graph-checks';
import type { DocumentChecker } from '../../../configuration-document/problems';

export const DOCUMENT_CHECKERS: readonly DocumentChecker[] = [graphProblemsChecker];

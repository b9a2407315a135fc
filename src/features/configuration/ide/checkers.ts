/**
 * Extra problem checks of the IDE, run on every change beside the §8 messages (engine hook
 * `DocumentChecker`, src/configuration-document/problems.ts). The graph visualiser's configuration
 * problem checks (a context with no server, an unused archetype, a rule naming a missing
 * interaction…) plug in here and on the server (server/configuration-document/save.ts) once they land.
 */
import type { DocumentChecker } from '../../../configuration-document/problems';

export const DOCUMENT_CHECKERS: readonly DocumentChecker[] = [];

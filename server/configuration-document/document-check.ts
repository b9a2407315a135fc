/**
 * A configuration document's whole check against the stored configuration: the text's parse and
 * problems, the document as it would be saved (workflow ids filled, inactive modules' configuration
 * dropped), the problems that refuse the save and what it would change. Pure (no database, no
 * network): it runs in a module worker (module-workers/document-check-task.ts), since every step
 * costs what the tenant's text (up to several MiB) makes it cost.
 */
import type { ConfigurationDocument } from '../../src/configuration-document/document';
import { graphProblemsChecker } from '../../src/configuration-document/graph-checks';
import { documentProblems, type DocumentChecker } from '../../src/configuration-document/problems';
import type { DocumentProblem } from '../../src/contract/configuration-document';
import type { SettingsChange } from '../../src/contract/environments';
import { withWorkflowIds } from '../categorization/workflow-ids';
import { withoutInactiveConfig } from '../environments/settings';
import { documentChanges } from './document-changes';

/** Extra problem checks run on every document: the graph visualiser's configuration problem checks. */
export const DOCUMENT_CHECKERS: readonly DocumentChecker[] = [graphProblemsChecker];

export interface CheckedDocument {
  problems: DocumentProblem[];
  /** Null when the text is not a configuration (its problems say why). */
  incoming: ConfigurationDocument | null;
  changes: { settings: SettingsChange[]; nlu: SettingsChange[] };
  /** Errors that refuse the save. */
  blocking: DocumentProblem[];
}

/** Ids of the modules `incoming` adds or changes: only their blocking messages refuse the save (as the settings guard). */
function touchedModules(stored: ConfigurationDocument, incoming: ConfigurationDocument): Set<string> {
  const before = new Map(stored.settings.modules.map((module) => [module.id, JSON.stringify(module)]));
  return new Set(incoming.settings.modules.filter((module) => before.get(module.id) !== JSON.stringify(module)).map((module) => module.id));
}

export function checkDocumentText(text: string, stored: ConfigurationDocument): CheckedDocument {
  const { read, problems } = documentProblems(text, DOCUMENT_CHECKERS);
  const document = read.document;
  if (document === null) return { problems, incoming: null, changes: { settings: [], nlu: [] }, blocking: problems.filter((p) => p.severity === 'error') };
  const incoming = { settings: withWorkflowIds(withoutInactiveConfig(document.settings)), nlu: document.nlu };
  const touched = touchedModules(stored, incoming);
  const moduleAt = (path: string[]) => (path[0] === 'settings' && path[1] === 'modules' ? document.settings.modules[Number(path[2])]?.id : undefined);
  const blocking = problems.filter((problem) => {
    // The graph's checks are shown, not enforced: the structured screens save such states too.
    if (problem.severity !== 'error' || problem.source === 'check') return false;
    const moduleId = moduleAt(problem.path);
    return moduleId === undefined ? problem.source !== 'message' : touched.has(moduleId);
  });
  return { problems, incoming, changes: documentChanges(stored, incoming), blocking };
}

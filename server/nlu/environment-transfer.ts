/**
 * The NLU part of the environment export file (environment import-export): what importing a file's
 * NLU configuration would change, as one line of the change list (path `['nlu']`), or null when the
 * file's configuration is the environment's. Applying it replaces the environment's NLU configuration
 * (import.ts, mode `replace`).
 */
import type { OriginalNluExport, SettingsChange } from '../../src/contract/index';
import type { Database } from '../db/open';
import { exportOriginal } from './export';

const names = (items: unknown[]) => items.map((item) => String((item as { name?: unknown } | null)?.name ?? '?'));

function summary(nlu: OriginalNluExport['nlu']) {
  return { archetypes: names(nlu.archetypes), contexts: names(nlu.contexts), servers: names(nlu.servers) };
}

export async function nluChange(db: Database, environmentId: string, incoming: OriginalNluExport['nlu']): Promise<SettingsChange | null> {
  const current = (await exportOriginal(db, environmentId)).nlu;
  if (JSON.stringify(current) === JSON.stringify(incoming)) return null;
  return { path: ['nlu'], kind: 'changed', before: summary(current), after: summary(incoming) };
}

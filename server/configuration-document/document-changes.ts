/**
 * What saving a configuration document over the stored one changes: the versions screen's change
 * list for the settings, then one line per NLU item added, removed or changed. Pure (no database):
 * for a document of a few MiB this deep comparison is long, so it runs in the check's module worker
 * (document-check.ts).
 */
import { documentNluSchema, type ConfigurationDocument } from '../../src/configuration-document/document';
import type { SettingsChange } from '../../src/contract/environments';
import { compareSettings } from '../environments/settings-diff';

/** JSON with keys sorted: two values that differ only in key order are the same configuration. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

const NLU_LISTS = ['archetypes', 'contexts', 'functions', 'servers'] as const;

function nluChanges(before: ConfigurationDocument['nlu'], after: ConfigurationDocument['nlu']): SettingsChange[] {
  const changes: SettingsChange[] = [];
  const normal = (nlu: ConfigurationDocument['nlu']) => documentNluSchema.parse(nlu);
  const [from, to] = [normal(before), normal(after)];
  for (const list of NLU_LISTS) {
    const byName = (items: readonly { name: string }[]) => new Map(items.map((item) => [item.name, item]));
    const [old, neu] = [byName(from[list]), byName(to[list])];
    for (const [name, item] of old) {
      const next = neu.get(name);
      if (next === undefined) changes.push({ path: ['nlu', list, name], kind: 'removed', before: item, after: null });
      else if (canonical(item) !== canonical(next)) changes.push({ path: ['nlu', list, name], kind: 'changed', before: item, after: next });
    }
    for (const [name, item] of neu) if (!old.has(name)) changes.push({ path: ['nlu', list, name], kind: 'added', before: null, after: item });
  }
  // Order of items only (same items, another order): still a change of the text.
  if (changes.length === 0 && canonical(from) !== canonical(to)) changes.push({ path: ['nlu'], kind: 'changed', before: null, after: null });
  return changes;
}

/** What saving `incoming` over `stored` changes: settings as the versions comparison lists them, then NLU items. */
export function documentChanges(stored: ConfigurationDocument, incoming: ConfigurationDocument): { settings: SettingsChange[]; nlu: SettingsChange[] } {
  return { settings: compareSettings(stored.settings, incoming.settings), nlu: nluChanges(stored.nlu, incoming.nlu) };
}

/**
 * The analyses list's columns and the per-browser choice of which are shown (kept in IndexedDB with
 * the other client-stored entries, so it survives a reload and the local-storage cleaner lists it).
 */
import { useSyncExternalStore } from 'react';
import { readEntry, subscribeEntries, writeEntry } from '../../storage/store';
import { storageKeys } from '../../storage/keys';

export const COLUMNS = ['name', 'status', 'category', 'inputType', 'createdAt', 'startedAt', 'finishedAt', 'fileCount', 'sizeBytes', 'metadata', 'id'] as const;
export type Column = (typeof COLUMNS)[number];

/** Name and status identify a row: they cannot be hidden. */
export const FIXED_COLUMNS: readonly Column[] = ['name', 'status'];
export const DEFAULT_COLUMNS: readonly Column[] = ['name', 'status', 'category', 'inputType', 'createdAt', 'finishedAt', 'fileCount'];

/** The stored choice, in table order; unknown names are dropped and the fixed columns always kept. */
export function readColumns(): Column[] {
  const stored = readEntry<unknown>(storageKeys.analysesColumns);
  const chosen = Array.isArray(stored) ? stored.filter((name): name is Column => (COLUMNS as readonly unknown[]).includes(name)) : [...DEFAULT_COLUMNS];
  return COLUMNS.filter((column) => FIXED_COLUMNS.includes(column) || chosen.includes(column));
}

export async function setColumnShown(column: Column, shown: boolean): Promise<void> {
  if (FIXED_COLUMNS.includes(column)) return;
  const current = readColumns();
  const next = shown ? [...current, column] : current.filter((name) => name !== column);
  await writeEntry(storageKeys.analysesColumns, COLUMNS.filter((name) => next.includes(name)));
}

let snapshot = readColumns();
function subscribe(onChange: () => void) {
  return subscribeEntries((key) => {
    if (key !== storageKeys.analysesColumns) return;
    snapshot = readColumns();
    onChange();
  });
}

export function useColumns(): Column[] {
  // The store may load after this module is evaluated: re-read when the snapshot is the default one.
  return useSyncExternalStore(subscribe, () => {
    const fresh = readColumns();
    if (fresh.join() !== snapshot.join()) snapshot = fresh;
    return snapshot;
  });
}

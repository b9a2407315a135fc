/** Recent pages for rapid navigation, kept in IndexedDB (most recent first, at most 20). */
import { useSyncExternalStore } from 'react';
import { readEntry, storageKeys, subscribeEntries, writeEntry } from '../storage';

export interface RecentPage {
  path: string;
  titleKey: string;
  visitedAt: number;
}

const LIMIT = 20;

/** One empty list for every read: useSyncExternalStore re-renders forever when a snapshot is a new object each time (React error #185 on a first visit, before any page is recorded). */
const NONE: RecentPage[] = [];

export function readRecentPages(): RecentPage[] {
  return readEntry<RecentPage[]>(storageKeys.recentPages) ?? NONE;
}

export async function recordRecentPage(page: { path: string; titleKey: string }): Promise<void> {
  const others = readRecentPages().filter((p) => p.path !== page.path);
  await writeEntry(storageKeys.recentPages, [{ ...page, visitedAt: Date.now() }, ...others].slice(0, LIMIT));
}

const subscribe = (onChange: () => void) =>
  subscribeEntries((key) => key === storageKeys.recentPages && onChange());

export function useRecentPages(): RecentPage[] {
  return useSyncExternalStore(subscribe, readRecentPages);
}

/**
 * Recent pages for rapid navigation, kept in IndexedDB (most recent first, at most 20), with whose
 * they are: a page recorded just after a sign-out (the record waits for the first paint) is never
 * offered to the next user.
 */
import { useSyncExternalStore } from 'react';
import { readEntry, storageKeys, subscribeEntries, writeEntry } from '../storage';
import { sessionOwner } from '../storage/session-owner';

export interface RecentPage {
  path: string;
  titleKey: string;
  visitedAt: number;
}

const LIMIT = 20;

/** One empty list for every read: useSyncExternalStore re-renders forever when a snapshot is a new object each time (React error #185 on a first visit, before any page is recorded). */
const NONE: RecentPage[] = [];

interface StoredRecentPages {
  owner: string;
  pages: RecentPage[];
}

export function readRecentPages(): RecentPage[] {
  const stored = readEntry<StoredRecentPages>(storageKeys.recentPages);
  return stored?.owner === sessionOwner() && Array.isArray(stored.pages) ? stored.pages : NONE;
}

export async function recordRecentPage(page: { path: string; titleKey: string }): Promise<void> {
  const others = readRecentPages().filter((p) => p.path !== page.path);
  const stored: StoredRecentPages = { owner: sessionOwner(), pages: [{ ...page, visitedAt: Date.now() }, ...others].slice(0, LIMIT) };
  await writeEntry(storageKeys.recentPages, stored);
}

const subscribe = (onChange: () => void) =>
  subscribeEntries((key) => key === storageKeys.recentPages && onChange());

export function useRecentPages(): RecentPage[] {
  return useSyncExternalStore(subscribe, readRecentPages);
}

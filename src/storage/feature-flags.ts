/** Feature flags of spec §3: stored per browser and toggled on the profile page. */
import { useSyncExternalStore } from 'react';
import { readEntry, subscribeEntries, writeEntry } from './store';
import { storageKeys } from './keys';

export const featureFlagIds = [
  'projectVersions',
  'BUC',
  'newAnalysesPage',
  'taints',
  'disableTestCenterConfigurationTab',
] as const;
export type FeatureFlagId = (typeof featureFlagIds)[number];

export interface FeatureFlag {
  id: FeatureFlagId;
  /** When set, the flag is on whatever the browser stored and cannot be toggled. */
  forceEnabled?: boolean;
}

export const featureFlags: FeatureFlag[] = featureFlagIds.map((id) => ({
  id,
  ...(id === 'newAnalysesPage' ? { forceEnabled: true } : {}),
}));

type FlagState = Partial<Record<FeatureFlagId, boolean>>;

export function isFlagEnabled(id: FeatureFlagId): boolean {
  const flag = featureFlags.find((f) => f.id === id);
  if (flag?.forceEnabled) return true;
  return readEntry<FlagState>(storageKeys.featureFlags)?.[id] === true;
}

export async function setFlag(id: FeatureFlagId, enabled: boolean): Promise<void> {
  const current = readEntry<FlagState>(storageKeys.featureFlags) ?? {};
  await writeEntry(storageKeys.featureFlags, { ...current, [id]: enabled });
}

function subscribe(onChange: () => void) {
  return subscribeEntries((key) => key === storageKeys.featureFlags && onChange());
}

export function useFlag(id: FeatureFlagId): boolean {
  return useSyncExternalStore(subscribe, () => isFlagEnabled(id));
}

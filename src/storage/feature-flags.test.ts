/** Feature flags: the five flags, the forced one, and toggles kept in IndexedDB across a reload. */
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from './db';
import { loadStore } from './store';
import { storageKeys } from './keys';
import { featureFlagIds, featureFlags, isFlagEnabled, setFlag, type FeatureFlagId } from './feature-flags';

const togglable: FeatureFlagId[] = ['projectVersions', 'BUC', 'taints', 'disableTestCenterConfigurationTab'];

beforeEach(async () => {
  await db.entries.clear();
  await loadStore();
});

describe('the flag list', () => {
  it('lists exactly the five flags', () => {
    expect([...featureFlagIds].sort()).toEqual(
      ['BUC', 'disableTestCenterConfigurationTab', 'newAnalysesPage', 'projectVersions', 'taints'].sort(),
    );
    expect(featureFlags.map((flag) => flag.id)).toEqual([...featureFlagIds]);
  });

  it('forces only newAnalysesPage', () => {
    expect(featureFlags.filter((flag) => flag.forceEnabled).map((flag) => flag.id)).toEqual(['newAnalysesPage']);
  });
});

describe('newAnalysesPage', () => {
  it('is on by default', () => {
    expect(isFlagEnabled('newAnalysesPage')).toBe(true);
  });

  it('stays on when set off, also after a reload', async () => {
    await setFlag('newAnalysesPage', false);
    expect(isFlagEnabled('newAnalysesPage')).toBe(true);
    await loadStore();
    expect(isFlagEnabled('newAnalysesPage')).toBe(true);
  });

  it('stays on whatever IndexedDB holds', async () => {
    await db.entries.put({ key: storageKeys.featureFlags, value: { newAnalysesPage: false }, updatedAt: 1 });
    await loadStore();
    expect(isFlagEnabled('newAnalysesPage')).toBe(true);
  });
});

describe('the other flags', () => {
  it.each(togglable)('%s is off by default', (id) => {
    expect(isFlagEnabled(id)).toBe(false);
  });

  it.each(togglable)('%s toggles on and off, and each state survives a reload', async (id) => {
    await setFlag(id, true);
    expect(isFlagEnabled(id)).toBe(true);
    await loadStore();
    expect(isFlagEnabled(id)).toBe(true);
    // Only that flag changed.
    for (const other of togglable.filter((flag) => flag !== id)) expect(isFlagEnabled(other)).toBe(false);

    await setFlag(id, false);
    expect(isFlagEnabled(id)).toBe(false);
    await loadStore();
    expect(isFlagEnabled(id)).toBe(false);
  });

  it('keeps earlier flags when another one is set', async () => {
    await setFlag('BUC', true);
    await setFlag('taints', true);
    await loadStore();
    expect(isFlagEnabled('BUC')).toBe(true);
    expect(isFlagEnabled('taints')).toBe(true);
    expect(isFlagEnabled('projectVersions')).toBe(false);
  });

  it('reads only a stored true as on', async () => {
    await db.entries.put({ key: storageKeys.featureFlags, value: { BUC: 'true', taints: 1 }, updatedAt: 1 });
    await loadStore();
    expect(isFlagEnabled('BUC')).toBe(false);
    expect(isFlagEnabled('taints')).toBe(false);
  });
});

/**
 * Saving a change tried on a run: through the same endpoints the configuration screens save with, on
 * the environment's configuration as it is now (it may have moved since the run). Answers what could
 * not be saved as a code the page words. Every cached read of the environment is then stale (the
 * configuration screens' query keys belong to their feature; each names the environment's id).
 */
import type { QueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request';
import { getCategorizationSettings, saveCategorizationSettings } from '../../../contract/categorization';
import { archetypeEndpoints } from '../../../contract/nlu';
import { getExtractionSettings, saveExtractionSettings } from '../../../contract/extraction';
import { archetypeWithChange, relaxedConfig, relaxedFieldConfig, type WhatIfChange } from '../../../testing-center/what-if-change';

export type ApplyOutcome = 'saved' | 'archetypeGone' | 'ruleGone' | 'fieldGone' | 'notApplicable';

/** Saves the change; the outcome when nothing could be saved. */
async function save(envId: string, change: WhatIfChange): Promise<ApplyOutcome> {
  if (change.type === 'dictionary') {
    const archetype = (await request(archetypeEndpoints.list, { params: { envId } })).find((entry) => entry.name === change.archetype);
    if (archetype === undefined) return 'archetypeGone';
    await request(archetypeEndpoints.update, { params: { envId, archetypeId: archetype.id }, body: archetypeWithChange(archetype, change) });
    return 'saved';
  }
  if (change.type === 'rule') {
    const current = await request(getCategorizationSettings, { params: { envId, moduleId: change.moduleId } });
    const config = relaxedConfig(current.config, change);
    if (config === null) return 'ruleGone';
    await request(saveCategorizationSettings, { params: { envId, moduleId: change.moduleId }, body: { config } });
    return 'saved';
  }
  if (change.type === 'field') {
    const current = await request(getExtractionSettings, { params: { envId, moduleId: change.moduleId } });
    const config = relaxedFieldConfig(current.config, change);
    if (config === null) return 'fieldGone';
    await request(saveExtractionSettings, { params: { envId, moduleId: change.moduleId }, body: { config } });
    return 'saved';
  }
  // A whole module's configuration is saved by the screen that holds it.
  return 'notApplicable';
}

export async function applyChange(envId: string, change: WhatIfChange, queryClient: QueryClient): Promise<ApplyOutcome> {
  const outcome = await save(envId, change);
  if (outcome === 'saved') await queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes(envId) });
  return outcome;
}

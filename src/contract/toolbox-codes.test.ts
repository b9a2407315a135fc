/** Every toolbox error code the server answers with, and every component type, has fr and en text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { COMPONENT_TYPES, TOOLBOX_ERROR_CODES } from './toolbox';
import { SYNC_ACTIONS } from './toolbox-sync';

describe('toolbox codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const toolbox = resources[language].toolbox as { errors: Record<string, string>; types: Record<string, string>; sync: { actions: Record<string, string> } };
    expect(TOOLBOX_ERROR_CODES.filter((code) => !toolbox.errors[code])).toEqual([]);
    expect(COMPONENT_TYPES.filter((type) => !toolbox.types[type])).toEqual([]);
    expect(SYNC_ACTIONS.filter((action) => !toolbox.sync.actions[action])).toEqual([]);
  });
});

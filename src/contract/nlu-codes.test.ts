/** Every NLU error code the server answers with, and every configuration error code, has fr and en text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { NLU_CONFIG_ERROR_CODES, NLU_ERROR_CODES, NLU_SERVER_STATUSES } from './nlu-entities';

describe('NLU codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const nlu = resources[language].nlu as { errors: Record<string, string>; configErrors: Record<string, string>; serverStatus: Record<string, string> };
    expect(NLU_ERROR_CODES.filter((code) => !nlu.errors[code])).toEqual([]);
    expect(NLU_CONFIG_ERROR_CODES.filter((code) => !nlu.configErrors[code])).toEqual([]);
    expect(NLU_SERVER_STATUSES.filter((status) => !nlu.serverStatus[status])).toEqual([]);
  });
});

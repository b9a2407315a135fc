/** Every NLU error code the server answers with, and every configuration error code, has fr and en text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { NLU_CONFIG_ERROR_CODES, NLU_ERROR_CODES, NLU_SERVER_STATUSES } from './nlu-entities';
import { REGEX_CONSTRUCTS, REGEX_PROBLEMS } from '../nlu/regex';

describe('NLU codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const nlu = resources[language].nlu as {
      errors: Record<string, string>;
      configErrors: Record<string, string>;
      serverStatus: Record<string, string>;
      regexProblems: Record<string, string>;
      regexConstructs: Record<string, string>;
    };
    expect(NLU_ERROR_CODES.filter((code) => !nlu.errors[code])).toEqual([]);
    expect(NLU_CONFIG_ERROR_CODES.filter((code) => !nlu.configErrors[code])).toEqual([]);
    expect(NLU_SERVER_STATUSES.filter((status) => !nlu.serverStatus[status])).toEqual([]);
    expect(REGEX_PROBLEMS.filter((problem) => !nlu.regexProblems[problem])).toEqual([]);
    expect(REGEX_CONSTRUCTS.filter((construct) => !nlu.regexConstructs[construct])).toEqual([]);
  });
});

/** Every SRE error code has fr and en text in the sre namespace. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { SRE_ERROR_CODES } from './sre';
import { SRE_ANALYSES_ERROR_CODES } from './sre-analyses';

describe('SRE codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const errors = (resources[language].sre as { errors: Record<string, string> }).errors;
    expect([...SRE_ERROR_CODES, ...SRE_ANALYSES_ERROR_CODES].filter((code) => !errors[code])).toEqual([]);
  });
});

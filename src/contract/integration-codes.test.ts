/** Every connector error code has fr and en text (§8 connector messages). */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { CONNECTOR_ERROR_CODES } from './integrations';

describe('connector codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const errors = resources[language].integrations.errors as Record<string, string>;
    expect(CONNECTOR_ERROR_CODES.filter((code) => !errors[code])).toEqual([]);
  });

  it("say §8's webmail misconfigured: reauthorize", () => {
    expect(resources.en.integrations.errors.reauthorize).toMatch(/misconfigured.*reauthorize/);
  });
});

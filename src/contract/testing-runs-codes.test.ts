/** Every reason domain rules are refused for (`domainRulesInvalid`'s `problem`) has fr and en text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { DOMAIN_RULE_PROBLEMS } from './testing-runs';

describe('domain rule problems', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const texts = (resources[language].testRuns as { domainRuleProblems: Record<string, string> }).domainRuleProblems;
    expect(DOMAIN_RULE_PROBLEMS.filter((problem) => !texts[problem])).toEqual([]);
  });
});

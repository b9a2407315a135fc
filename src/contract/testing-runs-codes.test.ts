/** Every test-run error code, domain rule id and outcome has fr and en text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { TESTING_RUN_ERROR_CODES } from './testing-runs';
import { EVALUATION_KINDS, OUTCOMES } from './testing-evaluation';

const RULE_IDS = ['exact', 'noQualified', 'noCategoryExpected', 'noCategoryObtained', 'v1.merged', 'v1.skipped', 'v1.noDomainRule', 'v2.exact', 'v2.insensitive', 'v2.tolerance', 'v2.sameDay', 'v2.set', 'v2.noDomainRule'];

describe('test run codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const ns = resources[language].testRuns as unknown as Record<string, Record<string, string>>;
    expect(TESTING_RUN_ERROR_CODES.filter((code) => !ns.errors![code])).toEqual([]);
    expect(RULE_IDS.filter((rule) => !ns.rules![rule])).toEqual([]);
    expect(OUTCOMES.filter((outcome) => !ns.outcomes![outcome])).toEqual([]);
    expect(EVALUATION_KINDS.filter((kind) => !ns.kinds![kind])).toEqual([]);
  });
});

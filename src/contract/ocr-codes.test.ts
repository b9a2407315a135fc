/** Every OCR data extraction error code and rule problem has fr and en text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { OCR_DATA_EXTRACTION_ERROR_CODES, OCR_RULE_PROBLEM_CODES } from './ocr-data-extraction';

describe('OCR data extraction codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const ns = resources[language].ocrRules as { errors: Record<string, string>; problems: Record<string, string> };
    expect(OCR_DATA_EXTRACTION_ERROR_CODES.filter((code) => !ns.errors[code])).toEqual([]);
    expect(OCR_RULE_PROBLEM_CODES.filter((code) => !ns.problems[code])).toEqual([]);
  });
});

/** Every output error code and empty-field reason has fr and en text, and every output field a name. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { OUTPUT_ERROR_CODES, OUTPUT_UNAVAILABLE_CODES } from './output';
import { MODULE_TYPES } from './environments';

describe('output codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const ns = resources[language].output as { errors: Record<string, string>; unavailable: Record<string, string>; preview: { fieldNames: Record<string, string> } };
    expect(OUTPUT_ERROR_CODES.filter((code) => !ns.errors[code])).toEqual([]);
    expect(OUTPUT_UNAVAILABLE_CODES.filter((code) => !ns.unavailable[code])).toEqual([]);
    // The fields the payload may leave empty (server/pipeline/output.ts).
    expect(['documents', 'emailHeader', 'categories', 'nlu', 'extractedData', 'replyProposal', 'visionEngine'].filter((field) => !ns.preview.fieldNames[field])).toEqual([]);
    // Reasons name modules by their translated type.
    const types = resources[language].environments.modules.types as Record<string, string>;
    expect(MODULE_TYPES.filter((type) => !types[type])).toEqual([]);
  });
});

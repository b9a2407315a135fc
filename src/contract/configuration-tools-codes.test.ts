/** Every code of the error logs and of the creation wizard has fr and en text. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { ERROR_LOG_CODES, ERROR_LOG_SOURCES } from './error-logs';
import { WIZARD_ERROR_CODES, WIZARD_NAME_KINDS } from './creation-wizard';
import { RETENTION_OPTIONS, MODULE_TYPES } from './environments';

describe('configuration tools codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const logs = resources[language].errorLogs as unknown as Record<string, Record<string, string>>;
    const wizard = resources[language].wizard as unknown as Record<string, Record<string, string>>;
    expect(ERROR_LOG_CODES.filter((code) => !logs.codes![code])).toEqual([]);
    expect(ERROR_LOG_SOURCES.filter((source) => !logs.sources![source])).toEqual([]);
    expect(RETENTION_OPTIONS.filter((retention) => !logs.retentions![retention])).toEqual([]);
    // Every module type is shown by its name, with the pipeline steps the trace also names.
    expect([...MODULE_TYPES, 'queue', 'webhooks', 'finalStatus', 'abort'].filter((module) => !logs.modules![module])).toEqual([]);
    expect(WIZARD_ERROR_CODES.filter((code) => !wizard.errors![code])).toEqual([]);
    expect(WIZARD_NAME_KINDS.filter((kind) => !wizard.kinds![kind] || !wizard.warnings![kind])).toEqual([]);
  });
});

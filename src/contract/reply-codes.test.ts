/** Every reply template error code the server answers has fr and en text, and the §8 texts say what the spec says. */
import { describe, expect, it } from 'vitest';
import { resources } from '../i18n/resources';
import { REPLY_TEMPLATE_ERROR_CODES } from './reply-templates';

describe('reply template codes', () => {
  it.each(['fr', 'en'] as const)('are translated in %s', (language) => {
    const errors = resources[language].replies.errors as Record<string, string>;
    expect(REPLY_TEMPLATE_ERROR_CODES.filter((code) => !errors[code])).toEqual([]);
    expect(errors.templateIncludeCycle).toContain('{{cycle}}');
  });

  it('carry the §8 messages', () => {
    expect(resources.en.replies.list.noDefault).toBe('No default template: no reply will be generated');
    expect(resources.en.replies.errorsTab.none).toBe('No errors detected');
    expect(resources.en.replies.errors.templateSyntaxError).toContain('Syntax error in your configuration');
  });
});

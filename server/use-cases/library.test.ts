/**
 * The shipped use-case templates are real configurations (issue 20): every categorization and
 * extraction module is configured, rules name interactions the template's NLU declares, and the
 * extraction checks find nothing blocking.
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_TEMPLATES } from '../../src/contract/environments';
import { categorizationConfigSchema } from '../../src/contract/modules/categorization';
import { extractionConfigSchema } from '../../src/contract/modules/extraction';
import { extractionConfigMessages } from '../../src/extraction/checks';
import { templateSettings } from './library';

describe.each(ENVIRONMENT_TEMPLATES)('template %s', (template) => {
  const settings = templateSettings(template);

  it('configures every categorization module with categories whose rules name interactions', () => {
    const modules = settings.modules.filter((module) => module.type === 'categorization');
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules) {
      const config = categorizationConfigSchema.parse(module.config);
      expect(config.categories.length).toBeGreaterThanOrEqual(2);
      expect(config.defaultCategory).not.toBe('');
      for (const category of config.categories) expect(category.rules[0]!.criteria[0]).toMatchObject({ type: 'interaction', context: module.context });
    }
  });

  it('configures every extraction module with fields the checks accept', () => {
    const modules = settings.modules.filter((module) => module.type === 'extraction');
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules) {
      const config = extractionConfigSchema.parse(module.config);
      expect(config.fields.length).toBeGreaterThanOrEqual(3);
      expect(extractionConfigMessages(config).filter((message) => message.severity === 'error')).toEqual([]);
    }
  });
});

/**
 * The shipped use-case templates are real configurations: every categorization and
 * extraction module is configured, rules name interactions the template's NLU declares, and the
 * extraction checks find nothing blocking.
 */
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_TEMPLATES, type EnvironmentSettings } from '../../src/contract/environments';
import { categorizationConfigSchema } from '../../src/contract/modules/categorization';
import { extractionConfigSchema } from '../../src/contract/modules/extraction';
import { extractionConfigMessages } from '../../src/extraction/checks';
import { environmentTemplate } from '../environments/templates';
import { templateContent, templateSettings } from './library';

describe.each(ENVIRONMENT_TEMPLATES.flatMap((template) => (['fr', 'en'] as const).map((language) => [template, language] as const)))('template %s in %s', (template, language) => {
  const settings = templateSettings(template, language);

  it('names every module, and describes every category its categorization modules give', () => {
    const content = templateContent(template, language);
    expect(Object.keys(content.moduleNames).sort()).toEqual(environmentTemplate(template).environment.settings.modules.map((module) => module.id).sort());
    const described = settings.categories.map((category) => category.name);
    for (const module of settings.modules.filter((item) => item.type === 'categorization' && item.inputType === 'body')) {
      const config = categorizationConfigSchema.parse(module.config);
      for (const category of config.categories) expect(described).toContain(category.name);
      expect(described).toContain(config.defaultCategory);
    }
  });

  it('words its names in that language and keeps its identifiers', () => {
    const other = templateSettings(template, language === 'fr' ? 'en' : 'fr');
    expect(settings.modules.map((module) => module.id)).toEqual(other.modules.map((module) => module.id));
    const ids = (value: EnvironmentSettings) => value.modules.flatMap((module) => (module.type === 'categorization' ? categorizationConfigSchema.parse(module.config).categories.map((category) => category.id) : []));
    expect(ids(settings)).toEqual(ids(other));
    const fields = (value: EnvironmentSettings) => value.modules.flatMap((module) => (module.type === 'extraction' ? extractionConfigSchema.parse(module.config).fields.map((item) => item.name) : []));
    expect(fields(settings)).toEqual(fields(other));
    expect(settings.modules.filter((module) => module.type !== 'nlu').map((module) => module.name)).not.toEqual(other.modules.filter((module) => module.type !== 'nlu').map((module) => module.name));
  });

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

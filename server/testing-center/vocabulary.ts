/**
 * The labelling vocabulary of an environment: the category names and extraction fields the
 * qualification screen offers (src/contract/testing-center-bank.ts `labellingVocabularySchema`).
 * The settings come from the per-version cache and are parsed once per version (a configuration may
 * weigh 2 MB); the module configurations are then only walked for names, never validated again:
 * every write validated them, and a value of the wrong shape is skipped rather than refused.
 */
import { eq, sql } from 'drizzle-orm';
import { CATEGORY_TARGETS, type CategoryTarget } from '../../src/contract/modules/categorization';
import { VALUE_FORMATS, type ValueFormat } from '../../src/contract/modules/extraction';
import type { LabellingVocabulary } from '../../src/contract/testing-center-bank';
import type { EnvironmentSettings } from '../../src/contract/environments';
import type { Database } from '../db/open';
import { environments } from '../db/schema';
import { settingsAt } from '../environments/settings-cache';
import { readStoredSettings } from '../environments/settings';

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null) : [];
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function vocabularyOf(settings: EnvironmentSettings): LabellingVocabulary {
  const categories = new Map<string, LabellingVocabulary['categories'][number]>();
  const fields = new Map<string, LabellingVocabulary['fields'][number]>();
  const addCategory = (name: string, description: string, target: CategoryTarget) => {
    const key = `${target}\u0000${name}`;
    if (name.trim() !== '' && !categories.has(key)) categories.set(key, { name, description, target });
  };
  for (const module of settings.modules) {
    if (!module.active) continue;
    if (module.type === 'categorization') {
      for (const category of records(module.config.categories)) {
        if (category.enabled === false) continue;
        const target = CATEGORY_TARGETS.includes(category.target as CategoryTarget) ? (category.target as CategoryTarget) : 'body';
        addCategory(text(category.name), text(category.description), target);
      }
      const fallback = text(module.config.defaultCategory);
      // The default category is given to the documents the module reads when nothing matched.
      if (module.inputType !== 'attachment') addCategory(fallback, '', 'body');
      if (module.inputType !== 'body') addCategory(fallback, '', 'attachment');
    } else if (module.type === 'extraction') {
      // Once per analysis (no input type) or on bodies: the message's fields; on both: each kind's.
      const places = module.inputType === 'both' ? [false, true] : [module.inputType === 'attachment'];
      for (const field of records(module.config.fields)) {
        const name = text(field.name);
        const format = VALUE_FORMATS.includes(field.format as ValueFormat) ? (field.format as ValueFormat) : 'string';
        for (const attachment of places) {
          const key = `${attachment}\u0000${name}`;
          if (name !== '' && !fields.has(key)) fields.set(key, { name, label: text(field.label), format, attachment });
        }
      }
    }
  }
  return { categories: [...categories.values()], fields: [...fields.values()] };
}

export async function environmentVocabulary(db: Database, environmentId: string): Promise<LabellingVocabulary> {
  const [row] = await db.select({ version: sql<string>`${environments}.xmin::text` }).from(environments).where(eq(environments.id, environmentId));
  return vocabularyOf(readStoredSettings(await settingsAt(db, environmentId, row?.version ?? '')));
}

/**
 * The module configurations the document holds as free objects (`config` of each module) checked
 * against their module's own schema, as the server's settings guard does on a write: a categorization
 * module's config must be a categorization config, or every analysis would fail on it. Also used to
 * describe them to the editor's JSON Schema.
 */
import type { z } from 'zod';
import type { ModuleType } from '../contract/environments';
import { categorizationConfigSchema } from '../contract/modules/categorization';
import { consolidationConfigSchema } from '../contract/modules/consolidation';
import { extractionConfigSchema } from '../contract/modules/extraction';
import { ocrDataExtractionConfigSchema } from '../contract/ocr-data-extraction';

export const MODULE_CONFIG_SCHEMAS: Partial<Record<ModuleType, z.ZodType>> = {
  categorization: categorizationConfigSchema,
  consolidation: consolidationConfigSchema,
  extraction: extractionConfigSchema,
  ocrDataExtraction: ocrDataExtractionConfigSchema,
};

/** A zod issue of a module's config (all its facts, for schema-issue.ts), its path made the document's. */
export interface ModuleConfigIssue {
  code: string;
  path: (string | number)[];
  message: string;
  [field: string]: unknown;
}

/** Issues of every active module's config, with their place in the document. */
export function moduleConfigIssues(modules: readonly { type: ModuleType; active: boolean; config: Record<string, unknown> }[]): ModuleConfigIssue[] {
  return modules.flatMap((module, index) => {
    const schema = MODULE_CONFIG_SCHEMAS[module.type];
    if (!module.active || schema === undefined) return [];
    const parsed = schema.safeParse(module.config);
    if (parsed.success) return [];
    return parsed.error.issues.map((issue) => ({
      ...issue,
      path: ['settings', 'modules', index, 'config', ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))],
    }));
  });
}

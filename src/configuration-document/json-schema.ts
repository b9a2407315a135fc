/**
 * The JSON Schema of the configuration document, generated from the contract's zod schemas (one
 * source of truth) for the editor's completion, hover and validation. Module configs are free
 * objects in the settings schema; here each module type's own config schema is attached with
 * `if type = … then config: …`, so a categorization module completes categories and rules.
 */
import { z } from 'zod';
import { configurationDocumentSchema } from './document';
import { MODULE_CONFIG_SCHEMAS } from './module-configs';

type JsonSchema = Record<string, unknown>;

const OPTIONS = { io: 'input', unrepresentable: 'any', target: 'draft-7' } as const;

let cached: JsonSchema | null = null;

export function configurationJsonSchema(): JsonSchema {
  if (cached !== null) return cached;
  const schema = z.toJSONSchema(configurationDocumentSchema, OPTIONS) as JsonSchema;
  const settings = (schema.properties as Record<string, JsonSchema>).settings!;
  const modules = (settings.properties as Record<string, JsonSchema>).modules!;
  const item = modules.items as JsonSchema;
  item.allOf = Object.entries(MODULE_CONFIG_SCHEMAS).map(([type, config]) => {
    const { $schema: _ignored, ...configSchema } = z.toJSONSchema(config, OPTIONS) as JsonSchema;
    return { if: { properties: { type: { const: type } }, required: ['type'] }, then: { properties: { config: configSchema } } };
  });
  cached = schema;
  return schema;
}

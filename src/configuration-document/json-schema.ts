/**
 * The JSON Schema of the configuration document, generated from the contract's zod schemas (one
 * source of truth) for the editor's key completion (key-completion.ts). Module configs are free objects in the
 * settings schema; here each module type with a config schema gets its own variant (`oneOf` by
 * `type`), so a categorization module completes categories and rules.
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
  const properties = item.properties as Record<string, JsonSchema>;
  const typed = Object.entries(MODULE_CONFIG_SCHEMAS).map(([type, config]) => {
    const { $schema: _ignored, ...configSchema } = z.toJSONSchema(config, OPTIONS) as JsonSchema;
    return { ...item, properties: { ...properties, type: { const: type }, config: configSchema } };
  });
  const others = (properties.type!.enum as string[]).filter((type) => !(type in MODULE_CONFIG_SCHEMAS));
  // One variant per module type with a config schema (completion follows the `type` written), one
  // for the others.
  modules.items = { oneOf: [...typed, { ...item, properties: { ...properties, type: { enum: others } } }] };
  cached = schema;
  return schema;
}

/**
 * What a toolbox component holds (spec §3 Component): the entity itself, validated by the
 * SAME schemas as in an environment (nlu-entities.ts, modules/extraction.ts). An interaction names
 * its context instead of pointing at a context id, so it can travel between environments; its
 * archetypes and functions travel as components of their own (saved with it, synced before it).
 */
import { z } from 'zod';
import { moduleInputTypeSchema } from './environments';
import { extractionConfigSchema, extractionSnippetSchema } from './modules/extraction';
import { plainText } from './define';
import {
  archetypeInputSchema,
  contextInputSchema,
  interactionFunctionInputSchema,
  interactionInputSchema,
  nluNameSchema,
} from './nlu-entities';

/** §3 component types, in the order a sync writes them (what an item refers to is written first). */
export const COMPONENT_TYPES = ['context', 'archetype', 'interaction_function', 'interaction', 'extraction_module', 'extraction_snippet'] as const;
export const componentTypeSchema = z.enum(COMPONENT_TYPES);
export type ComponentType = z.infer<typeof componentTypeSchema>;

export const interactionComponentSchema = interactionInputSchema.omit({ contextId: true }).extend({ context: nluNameSchema });

/** An extraction module as it sits in an environment's modules, without its id (made on sync). */
export const extractionModuleComponentSchema = z.object({
  name: plainText().trim().min(1).max(100),
  inputType: moduleInputTypeSchema.nullable().default(null),
  context: z.string().max(100).nullable().default(null),
  config: extractionConfigSchema,
});

export const componentEntitySchemas = {
  archetype: archetypeInputSchema,
  context: contextInputSchema,
  interaction: interactionComponentSchema,
  interaction_function: interactionFunctionInputSchema,
  extraction_module: extractionModuleComponentSchema,
  extraction_snippet: extractionSnippetSchema,
} as const satisfies Record<ComponentType, z.ZodType>;

export type ComponentEntity<T extends ComponentType = ComponentType> = z.infer<(typeof componentEntitySchemas)[T]>;

/** A component's entity, tagged by type: what the create and update bodies carry. */
export const componentContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('archetype'), entity: archetypeInputSchema }),
  z.object({ type: z.literal('context'), entity: contextInputSchema }),
  z.object({ type: z.literal('interaction'), entity: interactionComponentSchema }),
  z.object({ type: z.literal('interaction_function'), entity: interactionFunctionInputSchema }),
  z.object({ type: z.literal('extraction_module'), entity: extractionModuleComponentSchema }),
  z.object({ type: z.literal('extraction_snippet'), entity: extractionSnippetSchema }),
]);
export type ComponentContent = z.infer<typeof componentContentSchema>;

/**
 * The key of an entity in an environment: its type and name (interactions: context and name, as
 * names are unique per context). Two entities with the same key are "the same entity" for a sync.
 */
export function entityKey(type: ComponentType, entity: { name: string; context?: string | null }): string {
  return type === 'interaction' ? `${type}:${entity.context ?? ''}/${entity.name}` : `${type}:${entity.name}`;
}

/** The name shown for an entity (interactions: `context / name`). */
export function entityLabel(type: ComponentType, entity: { name: string; context?: string | null }): string {
  return type === 'interaction' ? `${entity.context ?? ''} / ${entity.name}` : entity.name;
}

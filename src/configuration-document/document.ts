/**
 * The configuration document of the IDE: an environment's whole configuration as one
 * object, written as YAML. It reuses the two formats the console already reads and writes instead of
 * a third one:
 * - `settings`: the versions snapshot (`environmentSettingsSchema`: modules and their configs with
 *   categories, rules, extraction and output, languages, retention, reply templates…);
 * - `nlu`: the NLU console export (`src/contract/nlu-transfer.ts`: archetypes, contexts with their
 *   interactions, servers), plus what that format has no place for and the console stores: an
 *   archetype's `notes`, an interaction's `distance` and `functions`, and the interaction functions
 *   (`nlu.functions`), with their schemas taken from the NLU contract (src/contract/nlu-entities.ts).
 * Pure: no DOM, no Node; the console and the server read the same text the same way.
 */
import { z } from 'zod';
import { environmentSettingsSchema, type EnvironmentSettings } from '../contract/environments';
import {
  ORIGINAL_EXPORT_VERSION,
  originalArchetypeSchema,
  originalContextSchema,
  originalInteractionSchema,
  originalServerSchema,
  type OriginalNluExport,
} from '../contract/nlu-transfer';
import { archetypeInputSchema, interactionFunctionInputSchema, interactionInputSchema } from '../contract/nlu-entities';

/** The console's own fields, optional: a document pasted from an NLU export has none of them. */
const documentArchetypeSchema = originalArchetypeSchema.extend({ notes: archetypeInputSchema.shape.notes.unwrap().optional() });
const documentInteractionSchema = originalInteractionSchema.extend({
  distance: interactionInputSchema.shape.distance.unwrap().optional(),
  functions: interactionInputSchema.shape.functions.unwrap().optional(),
});
/** An interaction function as the NLU screens edit it (`nlu.functions`; interactions name them). */
export const documentFunctionSchema = interactionFunctionInputSchema;

/** The NLU part with its items typed (the transfer envelope keeps them `unknown` to read them one by one). */
export const documentNluSchema = z.object({
  archetypes: z.array(documentArchetypeSchema).default([]),
  contexts: z.array(originalContextSchema.extend({ interactions: z.array(documentInteractionSchema).default([]) })).default([]),
  functions: z.array(documentFunctionSchema).default([]),
  servers: z.array(originalServerSchema).default([]),
  metadata: z.looseObject({ exportVersion: z.literal(ORIGINAL_EXPORT_VERSION) }).default({ exportVersion: ORIGINAL_EXPORT_VERSION }),
});

export const configurationDocumentSchema = z.object({
  settings: environmentSettingsSchema,
  nlu: documentNluSchema.default(documentNluSchema.parse({})),
});

/** What the document holds: the two stored formats, exactly as the server reads and writes them. */
export interface ConfigurationDocument {
  settings: EnvironmentSettings;
  /** The NLU export, and the interaction functions it has no place for. */
  nlu: OriginalNluExport['nlu'] & { functions?: unknown[] };
}

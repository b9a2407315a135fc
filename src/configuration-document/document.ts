/**
 * The configuration document of the IDE (issue 17): an environment's whole configuration as one
 * object, written as YAML. It reuses the two formats the console already reads and writes instead of
 * a third one:
 * - `settings`: the versions snapshot (`environmentSettingsSchema`: modules and their configs with
 *   categories, rules, extraction and output, languages, retention, reply templates…);
 * - `nlu`: the NLU console export (`src/contract/nlu-transfer.ts`: archetypes, contexts with their
 *   interactions, servers).
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

/** The NLU part with its items typed (the transfer envelope keeps them `unknown` to read them one by one). */
export const documentNluSchema = z.object({
  archetypes: z.array(originalArchetypeSchema).default([]),
  contexts: z.array(originalContextSchema.extend({ interactions: z.array(originalInteractionSchema).default([]) })).default([]),
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
  nlu: OriginalNluExport['nlu'];
}

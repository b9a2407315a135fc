/**
 * The original platform's console export of an NLU configuration (issue 12), read by
 * `POST …/nlu/import` and written by `GET …/nlu/export`:
 * `{"nlu": {"archetypes", "contexts", "servers", "metadata": {"exportVersion": 2}}}`.
 *
 * Items are read one by one: a bad item is reported (`errors`) and the others are imported. Fields
 * this console does not use (descriptors, verbose texts, post-processors, replicas) are kept and
 * written back on export.
 */
import { z } from 'zod';

export const ORIGINAL_EXPORT_VERSION = 2;

const langDictionaries = z.array(z.object({ lang: z.string(), dictionary: z.string() }));
const langVerbose = z.array(z.object({ lang: z.string(), verbose: z.string() }));

export const originalArchetypeSchema = z.looseObject({
  name: z.string(),
  langs: z.array(z.string()).default([]),
  dict_first_is_id: z.boolean().default(false),
  dict_invariable: z.boolean().default(false),
  regex_first_is_id: z.boolean().default(false),
  dict: langDictionaries.default([]),
  regex: langDictionaries.default([]),
});
export type OriginalArchetype = z.infer<typeof originalArchetypeSchema>;

export const originalParameterSchema = z.looseObject({
  id_parameter: z.string(),
  archetype: z.string(),
  optional: z.boolean().default(false),
  multiple: z.boolean().default(false),
  position: z.number().int().nonnegative(),
  reset_conversation: z.boolean().default(false),
});

export const originalInteractionSchema = z.looseObject({
  id_interaction: z.string(),
  enabled: z.boolean().default(true),
  ordonned: z.boolean().default(false),
  descriptor: z.array(z.object({ lang: z.string(), descriptor: z.array(z.unknown()) })).default([]),
  verbose: langVerbose.default([]),
  parameters: z.record(z.string(), originalParameterSchema).default({}),
  post_processors: z.unknown().optional(),
});
export type OriginalInteraction = z.infer<typeof originalInteractionSchema>;

export const originalContextSchema = z.looseObject({
  name: z.string(),
  langs: z.array(z.string()).default([]),
  neutralizers: z.array(z.string()).default([]),
  interactions: z.array(z.unknown()).default([]),
});

export const originalServerSchema = z.looseObject({
  name: z.string(),
  multi_lang: z.boolean().default(false),
  defaultLanguage: z.string().default('fr'),
  labeling: z.boolean().default(true),
  multipleInteractions: z.boolean().default(false),
  contexts: z.array(z.string()).default([]),
  responseFormat: z.string().default('V5'),
  replicas: z.number().int().positive().default(1),
  version: z.string().default('4.12'),
});
export type OriginalServer = z.infer<typeof originalServerSchema>;

/** The envelope; items stay `unknown` here and are read one by one so one bad item spoils nothing else. */
export const originalNluExportSchema = z.object({
  nlu: z.object({
    archetypes: z.array(z.unknown()).default([]),
    contexts: z.array(z.unknown()).default([]),
    servers: z.array(z.unknown()).default([]),
    metadata: z.looseObject({ exportVersion: z.number() }),
  }),
});
export type OriginalNluExport = z.infer<typeof originalNluExportSchema>;

/**
 * Why an item was left out (or changed), as a code the console translates (`nlu:importItems.*`),
 * never our English `message` (kept for programs and logs):
 * - invalidName `{ problem }`: the name is `empty`, `tooLong`, has forbidden `characters` or is `notText`
 *   (texts `nlu:nameProblems.*`);
 * - invalidItem `{ detail }`: the file's value does not pass the schema; `detail` is the schema
 *   validator's (zod's) text, shown labelled as its message;
 * - unknownLanguage `{ language }`, duplicateName `{ name }`, duplicateInteraction `{ name }`,
 *   unknownContext `{ context }`, unknownResponseFormat `{ format }`, unknownDefaultLanguage `{ language }`.
 */
export const NLU_IMPORT_ITEM_CODES = [
  'invalidName',
  'invalidItem',
  'unknownLanguage',
  'duplicateName',
  'duplicateInteraction',
  'unknownContext',
  'unknownResponseFormat',
  'unknownDefaultLanguage',
] as const;
export type NluImportItemCode = (typeof NLU_IMPORT_ITEM_CODES)[number];

export const nluImportErrorSchema = z.object({
  /** Where: `archetypes[3]`, `contexts[0].interactions[2]`, `servers[1]`. */
  at: z.string(),
  name: z.string().nullable(),
  code: z.enum(NLU_IMPORT_ITEM_CODES),
  params: z.record(z.string(), z.string()),
  /** English, for programs and logs. */
  message: z.string(),
});
export type NluImportError = z.infer<typeof nluImportErrorSchema>;

export const nluImportReportSchema = z.object({
  imported: z.object({
    archetypes: z.array(z.string()),
    contexts: z.array(z.string()),
    interactions: z.array(z.string()),
    servers: z.array(z.string()),
  }),
  errors: z.array(nluImportErrorSchema),
});
export type NluImportReport = z.infer<typeof nluImportReportSchema>;

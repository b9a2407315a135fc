/**
 * The original platform's console export of an NLU configuration, read by
 * `POST …/nlu/import` and written by `GET …/nlu/export`:
 * `{"nlu": {"archetypes", "contexts", "servers", "metadata": {"exportVersion": 2}}}`.
 *
 * Items are read one by one: a bad item is reported (`errors`) and the others are imported. Fields
 * this console does not use (descriptors, verbose texts, post-processors, replicas) are kept and
 * written back on export.
 */
import { z } from 'zod';

export const ORIGINAL_EXPORT_VERSION = 2;

/**
 * The original platform writes `null` for a value left unset (a flag, a list, a parameter's
 * position): read as the default, as a missing one is.
 */
function unsetAs<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return schema.nullish().transform((value): z.output<T> => value ?? fallback);
}

const langDictionaries = z.array(z.object({ lang: z.string(), dictionary: z.string() }));
const langVerbose = z.array(z.object({ lang: z.string(), verbose: z.string() }));

export const originalArchetypeSchema = z.looseObject({
  name: z.string(),
  langs: unsetAs(z.array(z.string()), []),
  dict_first_is_id: unsetAs(z.boolean(), false),
  dict_invariable: unsetAs(z.boolean(), false),
  regex_first_is_id: unsetAs(z.boolean(), false),
  dict: unsetAs(langDictionaries, []),
  regex: unsetAs(langDictionaries, []),
});
export type OriginalArchetype = z.infer<typeof originalArchetypeSchema>;

export const originalParameterSchema = z.looseObject({
  id_parameter: z.string(),
  archetype: z.string(),
  optional: unsetAs(z.boolean(), false),
  multiple: unsetAs(z.boolean(), false),
  /** Null (or missing) in the original's exports of interactions whose order is the parameter map's. */
  position: unsetAs(z.number().int().nonnegative().nullable(), null),
  reset_conversation: unsetAs(z.boolean(), false),
});

export const originalInteractionSchema = z.looseObject({
  id_interaction: z.string(),
  enabled: unsetAs(z.boolean(), true),
  ordonned: unsetAs(z.boolean(), false),
  descriptor: unsetAs(z.array(z.object({ lang: z.string(), descriptor: z.array(z.unknown()) })), []),
  verbose: unsetAs(langVerbose, []),
  parameters: unsetAs(z.record(z.string(), originalParameterSchema), {}),
  post_processors: z.unknown().optional(),
});
export type OriginalInteraction = z.infer<typeof originalInteractionSchema>;

export const originalContextSchema = z.looseObject({
  name: z.string(),
  langs: unsetAs(z.array(z.string()), []),
  neutralizers: unsetAs(z.array(z.string()), []),
  interactions: unsetAs(z.array(z.unknown()), []),
});

export const originalServerSchema = z.looseObject({
  name: z.string(),
  multi_lang: unsetAs(z.boolean(), false),
  /** A language code, or `auto` (detected per text, as `multi_lang`). */
  defaultLanguage: unsetAs(z.string(), 'fr'),
  labeling: unsetAs(z.boolean(), true),
  multipleInteractions: unsetAs(z.boolean(), false),
  contexts: unsetAs(z.array(z.string()), []),
  /** `V3`, `V4`, `V5` (NLU_RESPONSE_FORMATS), in any case. */
  responseFormat: unsetAs(z.string(), 'V5'),
  replicas: unsetAs(z.number().int().positive(), 1),
  // DEFAULT_AI_VERSION (nlu-entities.ts), written here: importing it would close an import cycle through environments.ts.
  version: unsetAs(z.string(), '4.12'),
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

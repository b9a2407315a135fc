/**
 * The NLU configuration of an environment (spec §3 Archetype, Context, Interaction, Interaction
 * function, Server): what the console edits and the server stores. The engine receives the
 * same data as an `NluSource` (src/nlu/types.ts); the server maps one to the other.
 *
 * Names are unique per environment (interactions: per context) and are how items refer to each
 * other: `[[name]]` in a dictionary, a parameter's archetype, a server's contexts.
 */
import { z } from 'zod';
import { languageSchema } from './environments';
import { VALIDATION_MESSAGES } from './validation-messages';
import { nluLanguageSchema } from './modules/nlu';
import { INTERACTION_FUNCTION_KINDS, type NluConfigError } from '../nlu/types';
import { NLU_ERROR_CODES } from './error-code-lists';
import { NLU_RESPONSE_FORMATS } from '../nlu/response-format';
export { NLU_ERROR_CODES } from './error-code-lists';

/** §5: names cannot be empty; `[`, `]`, `;` and line breaks would break the dictionary syntax. */
export const nluNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^[\];\n\r]+$/, VALIDATION_MESSAGES.nluNameCharacters);

export type NluErrorCode = (typeof NLU_ERROR_CODES)[number];

/** Codes of configuration errors reported by `compileNlu` (NluConfigError['code']). */
export const NLU_CONFIG_ERROR_CODES = [
  'dictionarySyntax',
  'unknownArchetype',
  'archetypeCycle',
  'badRegex',
  'regexSyntax',
  'unsupportedRegex',
  'unknownAlias',
  'unknownInteractionFunction',
  'distanceNeedsVersion',
  'duplicateParameter',
  'checkStopped',
] as const satisfies readonly NluConfigError['code'][];

export const nluConfigErrorSchema = z.object({
  code: z.enum(NLU_CONFIG_ERROR_CODES),
  archetype: z.string().optional(),
  context: z.string().optional(),
  interaction: z.string().optional(),
  language: nluLanguageSchema.optional(),
  line: z.number().int().positive().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});
export type NluConfigErrorView = z.infer<typeof nluConfigErrorSchema>;

const itemMeta = { id: z.string(), updatedAt: z.string() };

// --- Archetype ---------------------------------------------------------------------------------

/** Characters of one dictionary (one archetype, one language): an archetype save's bound, and an import's. */
export const NLU_DICTIONARY_CHARS = 5_000_000;

/**
 * What one import (`POST …/nlu/import`, or the `nlu` object of an environment file) may hold, so
 * that what a tenant uploads bounds the compile that follows (the whole configuration is compiled
 * at the next analysis or test): each dictionary as an archetype save allows it, and in all
 * `totalDictionaryChars` (the largest allowed compiled in ~7 s of CPU, 15 s by the clock, on a loaded
 * 2-core machine: docs/guide/use-case-nlu.md).
 * Over a bound the import is refused whole, before anything is written (`nluImportTooLarge`).
 */
export const NLU_IMPORT_LIMITS = {
  dictionaryChars: NLU_DICTIONARY_CHARS,
  totalDictionaryChars: 10_000_000,
  archetypes: 5_000,
  contexts: 500,
  servers: 100,
} as const;
export type NluImportBound = keyof typeof NLU_IMPORT_LIMITS;

export const archetypeInputSchema = z.object({
  name: nluNameSchema,
  /** One dictionary per language (syntax: docs/guide/use-case-nlu.md). */
  dictionaries: z.partialRecord(nluLanguageSchema, z.string().max(NLU_DICTIONARY_CHARS)).default({}),
  notes: z.string().max(5000).default(''),
});
export const archetypeSchema = archetypeInputSchema.extend(itemMeta);
export type Archetype = z.infer<typeof archetypeSchema>;

// --- Context -----------------------------------------------------------------------------------

export const contextInputSchema = z.object({
  name: nluNameSchema,
  languages: z.array(nluLanguageSchema).min(1).max(21).default(['fr']),
  /** Archetypes whose matches swallow their span so nothing else matches it. */
  neutralizers: z.array(nluNameSchema).max(200).default([]),
});
export const contextSchema = contextInputSchema.extend({
  ...itemMeta,
  interactionCount: z.number().int().nonnegative(),
  /** Names of the servers whose contexts include this one; empty → §8 "no server linked". */
  servers: z.array(z.string()),
});
export type NluContext = z.infer<typeof contextSchema>;

// --- Interaction -------------------------------------------------------------------------------

export const interactionParameterSchema = z.object({
  name: nluNameSchema,
  position: z.number().int().nonnegative(),
  archetype: nluNameSchema,
  optional: z.boolean().default(false),
  multiple: z.boolean().default(false),
  resetConversation: z.boolean().default(false),
});

export const INTERACTION_DEFAULT_DISTANCE = 10;

export const interactionInputSchema = z.object({
  /** The context (its id) the interaction belongs to. */
  contextId: z.string().min(1),
  name: nluNameSchema,
  comment: z.string().max(2000).default(''),
  enabled: z.boolean().default(true),
  ordered: z.boolean().default(false),
  /** §9: max words between consecutive parameters; -1 means no limit (needs AI version ≥ 4.12). */
  distance: z.number().int().min(-1).max(1000).default(INTERACTION_DEFAULT_DISTANCE),
  parameters: z.array(interactionParameterSchema).max(50).default([]),
  /** Names of interaction functions that must all hold. */
  functions: z.array(nluNameSchema).max(50).default([]),
});
export const interactionSchema = interactionInputSchema.extend({ ...itemMeta, context: z.string() });
export type NluInteraction = z.infer<typeof interactionSchema>;

// --- Interaction function ----------------------------------------------------------------------

const optionalText = z.string().trim().max(200).nullable().default(null);

export const interactionFunctionInputSchema = z.object({
  name: nluNameSchema,
  enabled: z.boolean().default(true),
  kind: z.enum(INTERACTION_FUNCTION_KINDS),
  stringValue: optionalText,
  parameterName: optionalText,
  interactionToFind: optionalText,
  parameterToFind: optionalText,
  parameterBaseline: optionalText,
});
export const interactionFunctionSchema = interactionFunctionInputSchema.extend(itemMeta);
export type NluInteractionFunction = z.infer<typeof interactionFunctionSchema>;

// --- Server ------------------------------------------------------------------------------------

export const NLU_SERVER_STATUSES = ['stopped', 'starting', 'started'] as const;
/**
 * Response formats a server can be set to, the original platform's (its exports write them in lower
 * case too: `v3`). All answer the `nluResultSchema` shape (src/nlu/response-format.ts says what each
 * leaves out); the format is kept (and exported) for the categorization compatibility rule of §5
 * (response format V5).
 */
export { NLU_RESPONSE_FORMATS };

/** The AI version of a server when the environment's modules need no more (interaction distance needs 4.12, §5). */
export const DEFAULT_AI_VERSION = '4.12';

const aiVersionSchema = z.string().trim().min(1).max(50);

export const serverInputSchema = z.object({
  name: nluNameSchema,
  /**
   * "4.12", "v4.9_prod"…: distance -1 needs ≥ 4.12, categorization ≥ 5. Left out: what the
   * environment's modules need for a new server (`aiVersionNeeded`), unchanged for an existing one.
   */
  aiVersion: aiVersionSchema.optional(),
  defaultLanguage: languageSchema.default('fr'),
  responseFormat: z.enum(NLU_RESPONSE_FORMATS).default('V5'),
  labeling: z.boolean().default(true),
  multipleInteractions: z.boolean().default(false),
  /** Names of the contexts the server analyses with. */
  contexts: z.array(nluNameSchema).max(200).default([]),
});
export const serverSchema = serverInputSchema.extend({
  aiVersion: aiVersionSchema,
  ...itemMeta,
  status: z.enum(NLU_SERVER_STATUSES),
  lastUsedAt: z.string().nullable(),
  /** The server's access token; shown to configurators only (null for other profiles). */
  token: z.string().nullable(),
});
export type NluServer = z.infer<typeof serverSchema>;

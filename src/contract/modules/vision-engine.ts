/**
 * The vision engine module (spec §3 Vision engine): a language model that reads the pages
 * of the analysis's documents as images (with their text) and answers JSON. Its settings live in
 * the module's `config` (as categorization's, see modules/categorization.ts); its result in
 * `modules[].result`, in the output payload as `visionEngine`, and in categorization as the
 * `visionEngine` criterion.
 *
 * Types:
 * - `strict_classification`: the model picks categories among the configured keys and explains why;
 *   a key that is not configured makes the answer invalid;
 * - `strict_extraction`: the model fills exactly the configured fields (a value or null); a field
 *   that is not configured makes the answer invalid;
 * - `custom`: the prompt says what to do; the model answers free text (`answer`), and may also give
 *   categories and fields (the configured ones are suggested, others are accepted).
 *
 * The JSON schema sent with the request (`visionJsonSchema`) and the zod schema that checks the
 * answer (`visionAnswerSchema`) are built from the same settings, here, so they cannot drift apart.
 */
import { z } from 'zod';
import { plainText } from '../define';

export const VISION_TYPES = ['custom', 'strict_classification', 'strict_extraction'] as const;
export const visionTypeSchema = z.enum(VISION_TYPES);
export type VisionType = z.infer<typeof visionTypeSchema>;

/**
 * A category key or field name: it becomes a JSON property name or enum value in the schema sent to
 * the model, and a key customers' programs read, so it stays plain.
 */
export const visionKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Letters, digits, _ . - only');

/** Pages sent as images, over every document of the analysis (each is a few hundred kB to the model). */
export const VISION_MAX_PAGES_LIMIT = 20;

export const visionCategorySchema = z.object({ key: visionKeySchema, description: plainText().trim().max(500).default('') });
export const visionFieldSchema = z.object({ field: visionKeySchema, description: plainText().trim().max(500).default('') });
export type VisionCategory = z.infer<typeof visionCategorySchema>;
export type VisionField = z.infer<typeof visionFieldSchema>;

const uniqueKeys = <T,>(items: readonly T[], keyOf: (item: T) => string) => {
  const seen = new Set<string>();
  return items.findIndex((item) => (seen.has(keyOf(item)) ? true : (seen.add(keyOf(item)), false)));
};

/** The settings' fields with their defaults, without the checks (what the screen starts from). */
export const visionEngineConfigShape = z.object({
  /** Off: the step is skipped and calls no model (the configuration is kept). */
  active: z.boolean().default(true),
  type: visionTypeSchema.default('custom'),
  /** What the model is asked to do; sent before the pages. May be empty for the strict types. */
  prompt: plainText().max(10_000).default(''),
  categories: z.array(visionCategorySchema).max(200).default([]),
  extractionFields: z.array(visionFieldSchema).max(200).default([]),
  /** Pages sent as images, over all documents; the rest are counted in `pagesLeftOut`. */
  maxPages: z.number().int().min(1).max(VISION_MAX_PAGES_LIMIT).default(5),
});

export const visionEngineConfigSchema = visionEngineConfigShape.superRefine((config, check) => {
  const category = uniqueKeys(config.categories, (item) => item.key);
  if (category >= 0) check.addIssue({ code: 'custom', path: ['categories', category, 'key'], message: 'visionDuplicateKey' });
  const field = uniqueKeys(config.extractionFields, (item) => item.field);
  if (field >= 0) check.addIssue({ code: 'custom', path: ['extractionFields', field, 'field'], message: 'visionDuplicateKey' });
  if (config.type === 'strict_classification' && config.categories.length === 0) {
    check.addIssue({ code: 'custom', path: ['categories'], message: 'visionNeedsCategories' });
  }
  if (config.type === 'strict_extraction' && config.extractionFields.length === 0) {
    check.addIssue({ code: 'custom', path: ['extractionFields'], message: 'visionNeedsFields' });
  }
  if (config.type === 'custom' && config.prompt.trim() === '') check.addIssue({ code: 'custom', path: ['prompt'], message: 'visionNeedsPrompt' });
});
export type VisionEngineConfig = z.infer<typeof visionEngineConfigSchema>;
export type VisionEngineConfigInput = z.input<typeof visionEngineConfigSchema>;

/** The messages of the configuration check above (zod issue messages), translated by the console. */
export const VISION_CONFIG_CODES = ['visionDuplicateKey', 'visionNeedsCategories', 'visionNeedsFields', 'visionNeedsPrompt'] as const;

// ---------------------------------------------------------------------------------------------
// What the model is asked to answer
// ---------------------------------------------------------------------------------------------

const listing = (items: readonly { key: string; description: string }[]) =>
  items.map((item) => (item.description ? `${item.key}: ${item.description}` : item.key)).join('\n');

/**
 * The JSON schema of the answer (OpenAI structured outputs, strict mode: every property required,
 * no additional property). Custom answers may name categories outside the configured ones (no enum).
 */
export function visionJsonSchema(config: VisionEngineConfig): { name: string; schema: Record<string, unknown> } {
  const keys = config.categories.map((category) => category.key);
  const categories = {
    type: 'array',
    description: `The categories the documents belong to.${keys.length ? `\n${listing(config.categories)}` : ''}`,
    items: config.type === 'custom' || keys.length === 0 ? { type: 'string' } : { type: 'string', enum: keys },
  };
  const fields = {
    type: 'object',
    description: 'The value of each field as read in the documents, null when absent.',
    properties: Object.fromEntries(config.extractionFields.map((field) => [field.field, { type: ['string', 'null'], ...(field.description ? { description: field.description } : {}) }])),
    required: config.extractionFields.map((field) => field.field),
    additionalProperties: false,
  };
  // Where each value was read, so the console can mark it on the document (the evidence view).
  const quotes = {
    type: 'object',
    description: 'For each field, the words of the documents its value was read from, copied exactly as written there; null when the field has no value.',
    properties: Object.fromEntries(config.extractionFields.map((field) => [field.field, { type: ['string', 'null'] }])),
    required: config.extractionFields.map((field) => field.field),
    additionalProperties: false,
  };
  const explanation = { type: 'string', description: 'In one or two sentences, what in the documents led to this answer.' };
  const object = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties), additionalProperties: false });
  switch (config.type) {
    case 'strict_classification':
      return { name: 'vision_classification', schema: object({ categories, explanation }) };
    case 'strict_extraction':
      return { name: 'vision_extraction', schema: object({ fields, quotes }) };
    case 'custom':
      return { name: 'vision_answer', schema: object({ answer: { type: 'string', description: 'The answer to the instructions.' }, categories, fields, ...(config.extractionFields.length > 0 ? { quotes } : {}) }) };
  }
}

const answerValue = z.string().max(5_000).nullable();
/** The quoted words of each field: optional, a model (or a service) that gives none is still understood. */
const answerQuotes = z.record(z.string().max(200), z.string().max(5_000).nullable()).optional();

/** The zod schema an answer must satisfy: the strict types accept only the configured keys. */
export function visionAnswerSchema(config: VisionEngineConfig) {
  const keys = config.categories.map((category) => category.key);
  const strictFields = z.object(Object.fromEntries(config.extractionFields.map((field) => [field.field, answerValue]))).strict();
  switch (config.type) {
    case 'strict_classification':
      // No category configured (refused by the configuration check): no key can be accepted.
      return z.object({ categories: z.array(keys.length > 0 ? z.enum(keys as [string, ...string[]]) : z.never()).max(200), explanation: z.string().max(5_000) }).strict();
    case 'strict_extraction':
      return z.object({ fields: strictFields, quotes: answerQuotes }).strict();
    case 'custom':
      return z.object({
        answer: z.string().max(50_000),
        categories: z.array(z.string().max(200)).max(200).default([]),
        fields: z.record(z.string().max(200), answerValue).default({}),
        quotes: answerQuotes,
      });
  }
}

// ---------------------------------------------------------------------------------------------
// Result
// ---------------------------------------------------------------------------------------------

export const visionEngineResultSchema = z.object({
  type: visionTypeSchema,
  /** The model that answered (as the service named it). */
  model: z.string(),
  /** Category keys (classification, or what a custom answer gave); empty otherwise. */
  categories: z.array(z.string()),
  /** Extracted fields (extraction, or what a custom answer gave): field → value or null. */
  fields: z.record(z.string(), z.string().nullable()),
  /**
   * Field → the words the model said it read the value from, for the fields that have a value and a
   * quote (results stored before, and models that give none, have none): placed on the documents by
   * the result's evidence view.
   */
  quotes: z.record(z.string(), z.string()).optional(),
  /** The model's explanation (classification) or free answer (custom); null for extraction. */
  answer: z.string().nullable(),
  /** The pages sent as images: document name and page (null for a picture). */
  pages: z.array(z.object({ document: z.string(), page: z.number().int().positive().nullable() })),
  /** Pages not sent because of `maxPages`. */
  pagesLeftOut: z.number().int().nonnegative(),
});
export type VisionEngineResult = z.infer<typeof visionEngineResultSchema>;

/**
 * The values a categorization criterion can test (`{ type: 'visionEngine', key }`): `categories`
 * (every key given), `answer`, and each field by its name.
 */
export function visionValues(result: VisionEngineResult): Record<string, unknown> {
  return { ...result.fields, categories: result.categories, answer: result.answer };
}

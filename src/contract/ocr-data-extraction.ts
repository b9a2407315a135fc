/**
 * §2.4 OCR data extraction test: one file (a scan, a photo, a PDF) read by OCR on the server, each
 * page with its recognised words (boxes in the page's pixels) and the fields the module extracts
 * (src/ocr/fields.ts). Nothing is stored. 409 `ocrDataExtractionNotEnabled` when the environment has
 * no active OCR data extraction module: the console then redirects to the dashboard (§8).
 */
import { z } from 'zod';
import { access, defineEndpoint } from './define';
import { environmentModuleSchema } from './environments';
import { ocrDataExtractionEnabled } from './pipeline-modules';
export { OCR_DATA_EXTRACTION_ERROR_CODES } from './error-code-lists';

export { ocrDataExtractionEnabled };

const box = z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() });

export const ocrTestPageSchema = z.object({
  number: z.number().int().positive(),
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  confidence: z.number(),
  text: z.string(),
  /** The page as it was read (PNG or the uploaded picture), as a data: URL, to draw the boxes on. */
  image: z.string(),
  words: z.array(z.object({ text: z.string(), confidence: z.number(), box, line: z.number().int() })),
});

export const ocrFieldSchema = z.object({
  name: z.string(),
  value: z.string(),
  page: z.number().int().positive(),
  box,
  confidence: z.number(),
  by: z.enum(['label', 'pattern', 'zone']),
});

/**
 * Where a label rule looks for its value: right of the label on its line, on the line below it, or
 * right first and else below (the default, and what the invoice rules do).
 */
export const LABEL_DIRECTIONS = ['rightOrBelow', 'right', 'below'] as const;

/**
 * A field rule as stored. Names, labels, patterns and zones are not refused by this schema when
 * empty, unknown or out of the page: the rules check (src/ocr/rule-checks.ts) refuses them with a
 * stable code per rule (`OCR_RULE_PROBLEM_CODES`), so the screen shows the translated reason on the
 * rule rather than a generic body error.
 */
export const fieldRuleSchema = z.discriminatedUnion('by', [
  z.object({
    name: z.string().trim().max(100),
    by: z.literal('label'),
    labels: z.array(z.string().trim().max(100)).max(20),
    direction: z.enum(LABEL_DIRECTIONS).optional(),
    value: z.string().max(500).optional(),
  }),
  z.object({ name: z.string().trim().max(100), by: z.literal('pattern'), pattern: z.string().max(500) }),
  z.object({ name: z.string().trim().max(100), by: z.literal('zone'), zone: box, page: z.number().int().positive().max(10_000).optional() }),
]);
export type FieldRuleInput = z.infer<typeof fieldRuleSchema>;

/** The module's configuration: its field rules (the invoice rules of src/ocr/fields.ts when absent). */
export const ocrDataExtractionConfigSchema = z.object({ rules: z.array(fieldRuleSchema).max(100).optional() });
export type OcrDataExtractionConfig = z.infer<typeof ocrDataExtractionConfigSchema>;

/**
 * Why a rule is refused (params in brackets), from src/ocr/rule-checks.ts:
 * - ruleNameEmpty: the rule has no name;
 * - ruleNameTaken `{ name }`: another rule of the module has that name (a result holds one value per name);
 * - labelsEmpty: a label rule has no label;
 * - patternInvalid `{ pattern, message }`: the rule's pattern (or a label rule's value pattern) is not
 *   a valid regular expression (`message`: the engine's, in English);
 * - patternUnsupported `{ pattern, construct }`: the pattern needs what the linear-time engine the
 *   rules run on (RE2, src/ocr/rule-pattern.ts) cannot do — a back-reference `\1`, a look-around
 *   `(?=`, `(?<=`…, a repeat over 1000 —; `construct` is the piece RE2 names;
 * - patternEmpty: a pattern rule has no pattern;
 * - zoneInvalid: a zone is not inside the page (fractions 0 to 1) or has no area (left ≥ right, top ≥ bottom).
 */
export const OCR_RULE_PROBLEM_CODES = ['ruleNameEmpty', 'ruleNameTaken', 'labelsEmpty', 'patternInvalid', 'patternUnsupported', 'patternEmpty', 'zoneInvalid'] as const;
export type OcrRuleProblemCode = (typeof OCR_RULE_PROBLEM_CODES)[number];

export const ocrRuleProblemSchema = z.object({
  code: z.enum(OCR_RULE_PROBLEM_CODES),
  /** Position of the rule in `rules`. */
  index: z.number().int().nonnegative(),
  /** The rule's field the problem is about (`name`, `labels`, `value`, `pattern`, `zone`). */
  field: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type OcrRuleProblem = z.infer<typeof ocrRuleProblemSchema>;

/** What the module adds to an analysis: the fields of each document read by OCR. */
export const ocrDataExtractionResultSchema = z.object({
  documents: z.array(z.object({ path: z.array(z.string()), name: z.string(), fields: z.array(ocrFieldSchema) })),
  notes: z.array(z.string()),
});
export type OcrDataExtractionResult = z.infer<typeof ocrDataExtractionResultSchema>;

export const ocrTestResultSchema = z.object({ pages: z.array(ocrTestPageSchema), fields: z.array(ocrFieldSchema), notes: z.array(z.string()) });
export type OcrTestResult = z.infer<typeof ocrTestResultSchema>;

export const testOcrDataExtraction = defineEndpoint({
  id: 'ocrDataExtraction.test',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/ocr-data-extraction/test',
  summary: 'Read one file (multipart `file`) by OCR and extract its fields with the OCR data extraction module; nothing is stored',
  access: access.environment('envId', 'configurator', 'operations'),
  params: z.object({ envId: z.string().min(1) }),
  response: ocrTestResultSchema,
});

const moduleParams = z.object({ envId: z.string().min(1), moduleId: z.string().min(1) });

export const ocrDataExtractionSettingsSchema = z.object({
  /** The module as listed in the environment (name, active…) without its config. */
  module: environmentModuleSchema.omit({ config: true }),
  /** The module's rules: its own, or the invoice rules when it has none (`custom` false). */
  rules: z.array(fieldRuleSchema),
  custom: z.boolean(),
});
export type OcrDataExtractionSettings = z.infer<typeof ocrDataExtractionSettingsSchema>;

export const getOcrDataExtractionSettings = defineEndpoint({
  id: 'ocrDataExtraction.get',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/modules/{moduleId}/ocr-data-extraction',
  summary: 'An OCR data extraction module of the environment with its field rules (the invoice rules when it has none)',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: moduleParams,
  response: ocrDataExtractionSettingsSchema,
});

export const saveOcrDataExtractionSettings = defineEndpoint({
  id: 'ocrDataExtraction.save',
  method: 'PUT',
  path: '/v4/console/api/environment/{envId}/modules/{moduleId}/ocr-data-extraction',
  summary: 'Replace the field rules of an OCR data extraction module; `rules: null` goes back to the invoice rules (422 ocrRulesInvalid)',
  access: access.environment('envId', 'configurator', 'operations'),
  params: moduleParams,
  body: z.object({ rules: z.array(fieldRuleSchema).max(100).nullable() }),
  response: ocrDataExtractionSettingsSchema,
});

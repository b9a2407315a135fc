/**
 * The information extraction module (spec §2.4 Information extraction, §3 Extraction
 * module, Value formats, Component types `extraction_snippet`): its settings
 * (`extractionConfigSchema`) and its result (`extractionResultSchema`).
 *
 * Like categorization, the configuration lives in the module's `config` inside the environment's
 * settings (versions, export, import and deactivation handle it with no extra code).
 *
 * How a field is filled (src/extraction/, the one engine the server and the browser run):
 * 1. its `source` gives raw values found in the document (or in the whole analysis when the module's
 *    input type is empty): NLU parameter values, builtin archetype matches, regular expression
 *    matches, a mail header, a metadata key, or the output of a Liquid snippet;
 * 2. `which` keeps the first value or all of them;
 * 3. the values are converted to the field's `format` (§3 Value formats); a value that cannot be
 *    converted is a per-field error (`code` + params), the other fields are still filled;
 * 4. nothing found: the field's value is null (not an error).
 *
 * The result is what the output payload carries as `extractedData` for the customer's program:
 * plain `{ field: value }` maps, per analysis or per document.
 */
import { z } from 'zod';
import { plainText } from '../define';
import { fieldEvidenceSchema } from './evidence-span';

/** §3 Value formats. */
export const VALUE_FORMATS = ['string', 'array', 'number', 'boolean', 'object'] as const;
export const valueFormatSchema = z.enum(VALUE_FORMATS);
export type ValueFormat = z.infer<typeof valueFormatSchema>;

/** The NLU engine's builtin archetypes (src/nlu/builtins.ts) a field can look for, without the `@`. */
export const EXTRACTION_BUILTINS = ['date', 'amount', 'number', 'percentage', 'email', 'url', 'phone', 'iban', 'postalCodeFr'] as const;
export const extractionBuiltinSchema = z.enum(EXTRACTION_BUILTINS);
export type ExtractionBuiltin = z.infer<typeof extractionBuiltinSchema>;

/** Field, snippet and metadata names: usable in Liquid (`fields.contractNumber`) and in JSON. */
export const technicalNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Letters, digits and _ only, not starting with a digit')
  // Names become object keys in the result: keys that reach an object's prototype are refused.
  .refine((name) => !['__proto__', 'constructor', 'prototype'].includes(name), 'Reserved name');

/** Limits of snippets (Liquid, src/templates/sandbox.ts) and regular expressions. */
export const EXTRACTION_LIMITS = {
  /** Wall time of one snippet render. */
  snippetTimeMs: 100,
  /** Characters a snippet may print (its value). */
  snippetOutputChars: 10_000,
  /** Characters of one snippet's program. */
  snippetProgramChars: 10_000,
  /** Characters of one regular expression. */
  regexChars: 500,
  /** Characters of text a regular expression, a builtin or a text filter reads (the rest is ignored). */
  textChars: 200_000,
  /** Values one source gives at most (all values). */
  valuesPerField: 100,
  /** Time the whole module may take on one analysis. */
  moduleBudgetMs: 5_000,
} as const;

export const whichValuesSchema = z.enum(['first', 'all']);

export const fieldSourceSchema = z.discriminatedUnion('type', [
  /**
   * A parameter of an NLU interaction found in the document. `read`: `value` is the entry's
   * identifier under `#ID_ON`, otherwise its canonical form (for builtins the normalised value);
   * `text` is the text as written in the document.
   */
  z.object({
    type: z.literal('nluParameter'),
    interaction: z.string().trim().min(1).max(100),
    parameter: z.string().trim().min(1).max(100),
    read: z.enum(['value', 'text']).default('value'),
    which: whichValuesSchema.default('first'),
    /**
     * Also read interactions the NLU found incomplete (a required parameter missing): off by
     * default, since a parameter of a half-recognised request (a claim date in an address change)
     * is more often wrong than right.
     */
    incomplete: z.boolean().default(false),
  }),
  /** Values of a builtin archetype found in the text (normalised: ISO date, `1250.5 EUR`…). */
  z.object({ type: z.literal('builtin'), builtin: extractionBuiltinSchema, which: whichValuesSchema.default('first') }),
  /**
   * A regular expression over the text (JavaScript syntax; patterns that can backtrack without end,
   * such as `(a+)+` or `(a|aa)*`, are refused). `group`: the capture group kept (0: the whole match;
   * a name: a named group).
   */
  z.object({
    type: z.literal('regex'),
    pattern: z.string().min(1).max(EXTRACTION_LIMITS.regexChars),
    group: z.union([z.number().int().min(0).max(20), technicalNameSchema]).default(0),
    ignoreCase: z.boolean().default(true),
    which: whichValuesSchema.default('first'),
  }),
  /** A header of the mail (`from`, `subject`, any raw header name; case-insensitive). */
  z.object({ type: z.literal('header'), header: z.string().trim().min(1).max(100) }),
  /** A metadata key of the analysis (given at upload). */
  z.object({ type: z.literal('metadata'), key: z.string().trim().min(1).max(100) }),
  /** A Liquid program whose printed output (trimmed) is the value; JSON output fills arrays and objects. */
  z.object({ type: z.literal('snippet'), program: z.string().max(EXTRACTION_LIMITS.snippetProgramChars) }),
  /** A named snippet of the module (`snippets`), reused by several fields. */
  z.object({ type: z.literal('namedSnippet'), snippet: technicalNameSchema }),
]);
export type FieldSource = z.infer<typeof fieldSourceSchema>;
export const FIELD_SOURCE_TYPES = ['nluParameter', 'builtin', 'regex', 'header', 'metadata', 'snippet', 'namedSnippet'] as const;
export type FieldSourceType = (typeof FIELD_SOURCE_TYPES)[number];

export const extractionFieldSchema = z.object({
  /** Stable id (the screens make one). */
  id: z.string().min(1).max(64),
  /** The key of the value in the result and in later snippets (`fields.<name>`). */
  name: technicalNameSchema,
  label: plainText().trim().max(100).default(''),
  format: valueFormatSchema.default('string'),
  source: fieldSourceSchema,
});
export type ExtractionField = z.infer<typeof extractionFieldSchema>;
export type ExtractionFieldInput = z.input<typeof extractionFieldSchema>;

/** A reusable snippet (§3 component type `extraction_snippet`). */
export const extractionSnippetSchema = z.object({
  name: technicalNameSchema,
  description: plainText().max(500).default(''),
  program: z.string().max(EXTRACTION_LIMITS.snippetProgramChars),
});
export type ExtractionSnippet = z.infer<typeof extractionSnippetSchema>;

/** A test of the module: a text (or an analysis) and the values expected for some fields. */
export const extractionTestCaseSchema = z.object({
  id: z.string().min(1).max(64),
  name: plainText().trim().max(100).default(''),
  /** A text analysed as a mail body; ignored when `analysisId` is set. */
  text: z.string().max(100_000).default(''),
  analysisId: z.string().max(100).nullable().default(null),
  /** Field name → expected value, compared after conversion (JSON equality). */
  expected: z.record(z.string(), z.unknown()).default({}),
});
export type ExtractionTestCase = z.infer<typeof extractionTestCaseSchema>;

export const extractionConfigSchema = z.object({
  fields: z.array(extractionFieldSchema).max(200).default([]),
  snippets: z.array(extractionSnippetSchema).max(100).default([]),
  tests: z.array(extractionTestCaseSchema).max(100).default([]),
});
export type ExtractionConfig = z.infer<typeof extractionConfigSchema>;
export type ExtractionConfigInput = z.input<typeof extractionConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Result
// ---------------------------------------------------------------------------------------------

/**
 * Per-field error codes. Params:
 * - notANumber / notABoolean / notAnObject / notJson `{ value }`: the value found cannot be converted;
 * - unsafeRegex / badRegex `{ detail }`: the pattern is refused or does not compile;
 * - unknownGroup `{ group }`: the capture group does not exist in the pattern;
 * - unknownSnippet `{ snippet }`: the named snippet is not declared;
 * - snippetSyntax / snippetRuntime `{ line, message }`, snippetTimeLimit, snippetMemoryLimit,
 *   snippetOutputTooLarge: the snippet failed in the sandbox;
 * - timeBudget: the module's time budget ran out before this field (left null).
 */
export const EXTRACTION_FIELD_ERROR_CODES = [
  'notANumber',
  'notABoolean',
  'notAnObject',
  'notJson',
  'unsafeRegex',
  'badRegex',
  'unknownGroup',
  'unknownSnippet',
  'snippetSyntax',
  'snippetRuntime',
  'snippetTimeLimit',
  'snippetMemoryLimit',
  'snippetOutputTooLarge',
  'timeBudget',
] as const;
export type ExtractionFieldErrorCode = (typeof EXTRACTION_FIELD_ERROR_CODES)[number];

export const fieldErrorSchema = z.object({
  field: z.string(),
  code: z.enum(EXTRACTION_FIELD_ERROR_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.null()])).default({}),
  /** English text, for programs and logs; the console translates `code`. */
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Field name → value (null: nothing found, or an error). */
export const extractedValuesSchema = z.record(z.string(), z.unknown());
export type ExtractedValues = z.infer<typeof extractedValuesSchema>;

export const documentExtractionSchema = z.object({
  /** Index in the extractor's result (`documents[document]`). */
  document: z.number().int().nonnegative(),
  documentName: z.string(),
  source: z.enum(['main', 'body', 'attachment']),
  fields: extractedValuesSchema,
  errors: z.array(fieldErrorSchema),
  /** Where each field's values were read (results stored before have none). */
  evidence: fieldEvidenceSchema.default({}),
});
export type DocumentExtraction = z.infer<typeof documentExtractionSchema>;

export const extractionResultSchema = z.object({
  /** `analysis`: the module's input type is empty (once per analysis); `documents`: per document. */
  scope: z.enum(['analysis', 'documents']),
  /** Once per analysis: the values (null with scope `documents`). */
  fields: extractedValuesSchema.nullable(),
  errors: z.array(fieldErrorSchema),
  /** Once per analysis: where each field's values were read (results stored before have none). */
  evidence: fieldEvidenceSchema.default({}),
  /** Per document: one entry per document of the input type (empty with scope `analysis`). */
  documents: z.array(documentExtractionSchema),
});
export type ExtractionResult = z.infer<typeof extractionResultSchema>;

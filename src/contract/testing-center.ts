/**
 * The testing center's message bank: messages with their original files,
 * tags and expected values, sets of messages, the project's classification-kind parameters, and the
 * endpoints of the bank, import, sampling, qualification and parameters screens. Test runs, domain
 * rules and metrics build on these types (tc-runs).
 *
 * Expected values. For each classification kind (§3) a message holds a list of entries, each one
 * value identified by `key` and `document`, typed by its value format (§3):
 * - categories: key `category`, document null, format string (one category) or array (several);
 * - attachments_categories: key `category`, document = the attachment's file name;
 * - extracted_informations: key = the extracted field's name, document null;
 * - extracted_informations_attachments: key = field name, document = the attachment's file name;
 * - rpa: key = the name of the value the robot reads, document null.
 * An empty list on a qualified kind means "nothing expected" (NO_CATEGORY for the categories).
 *
 * Qualification (§4): each kind carries `qualified` (a qualifier confirmed it). The message's state
 * is computed over the kinds the project does not ignore: all of them qualified → qualified, some →
 * partiallyQualified, none → notQualified (`qualificationOf`). The server stores it on the message
 * so the bank filters on it, and recomputes it when the parameters change.
 *
 * Access (§6): every bank screen needs qualifier on the project; the parameters are read by
 * qualifiers and saved by configurators. Private kinds are qualified and seen by configurators only.
 */
import { z } from 'zod';
import { plainText } from './define';
import { CLASSIFICATION_KINDS, classificationKindSchema } from './modules/categorization';
import { VALUE_FORMATS, valueFormatSchema } from './modules/extraction';
import { inputTypeSchema } from './uploads';
import { TESTING_CENTER_BANK_ERROR_CODES } from './error-code-lists';
export { TESTING_CENTER_BANK_ERROR_CODES } from './error-code-lists';

export { CLASSIFICATION_KINDS, classificationKindSchema, VALUE_FORMATS, valueFormatSchema };
export type ClassificationKind = (typeof CLASSIFICATION_KINDS)[number];
export type { ValueFormat } from './modules/extraction';

// ---------------------------------------------------------------------------------------------
// Values and expectations
// ---------------------------------------------------------------------------------------------

const scalar = z.union([z.string().max(10_000), z.number(), z.boolean()]);

/** A value with its format (§3 Value formats); the format decides how domain rules compare it. */
export const typedValueSchema = z.discriminatedUnion('format', [
  z.object({ format: z.literal('string'), value: z.string().max(10_000) }),
  z.object({ format: z.literal('array'), value: z.array(scalar).max(500) }),
  z.object({ format: z.literal('number'), value: z.number() }),
  z.object({ format: z.literal('boolean'), value: z.boolean() }),
  z.object({ format: z.literal('object'), value: z.record(z.string(), z.unknown()) }),
]);
export type TypedValue = z.infer<typeof typedValueSchema>;

/**
 * Where a qualifier took an expected value from: the file of the message (its name) and the words
 * selected there, so the bank keeps the evidence and the value can be found again in the document.
 */
export const evidenceSchema = z.object({ file: plainText().max(255), quote: z.string().max(1000) });
export type Evidence = z.infer<typeof evidenceSchema>;

/** One expected (or obtained) value of a kind: see the header for what key and document hold per kind. */
export const valueEntrySchema = z.intersection(
  z.object({
    key: plainText().trim().min(1).max(100),
    /** The attachment's file name for the *_attachments kinds; null otherwise. */
    document: plainText().max(255).nullable(),
    evidence: evidenceSchema.optional(),
  }),
  typedValueSchema,
);
export type ValueEntry = z.infer<typeof valueEntrySchema>;

export const MAX_ENTRIES_PER_KIND = 200;

/** The expectation of one kind on one message. */
export const kindExpectationSchema = z.object({
  /** A qualifier confirmed these values (false: a starting point, or nothing yet). */
  qualified: z.boolean(),
  values: z.array(valueEntrySchema).max(MAX_ENTRIES_PER_KIND),
});
export type KindExpectation = z.infer<typeof kindExpectationSchema>;

/** Kind → expectation; a missing kind is not qualified and expects nothing yet. */
export const expectedValuesSchema = z.partialRecord(classificationKindSchema, kindExpectationSchema);
export type ExpectedValues = z.infer<typeof expectedValuesSchema>;

/** Obtained values (a run's or an analysis'), in the same shape as the expected ones. */
export const obtainedValuesSchema = z.partialRecord(classificationKindSchema, z.array(valueEntrySchema));
export type ObtainedValues = z.infer<typeof obtainedValuesSchema>;

/** §4 Qualification. */
export const QUALIFICATION_STATES = ['qualified', 'partiallyQualified', 'notQualified'] as const;
export const qualificationStateSchema = z.enum(QUALIFICATION_STATES);
export type QualificationState = z.infer<typeof qualificationStateSchema>;

// ---------------------------------------------------------------------------------------------
// Parameters (§3 Classification kinds: ignored, public or private)
// ---------------------------------------------------------------------------------------------

export const KIND_VISIBILITIES = ['public', 'private'] as const;
export const kindSettingsSchema = z.object({
  /** Left out of qualification states and of test results. */
  ignored: z.boolean().default(false),
  /** private: only configurators see and qualify the kind's values, and its results. */
  visibility: z.enum(KIND_VISIBILITIES).default('public'),
});
export type KindSettings = z.infer<typeof kindSettingsSchema>;

export const testingCenterParametersSchema = z.object({
  kinds: z.object(
    Object.fromEntries(CLASSIFICATION_KINDS.map((kind) => [kind, kindSettingsSchema.default({ ignored: false, visibility: 'public' })])) as Record<
      ClassificationKind,
      z.ZodDefault<typeof kindSettingsSchema>
    >,
  ),
});
export type TestingCenterParameters = z.infer<typeof testingCenterParametersSchema>;

export const DEFAULT_TESTING_CENTER_PARAMETERS: TestingCenterParameters = testingCenterParametersSchema.parse({ kinds: {} });

/** The kinds that count (not ignored), in §3 order. */
export function countedKinds(parameters: TestingCenterParameters): ClassificationKind[] {
  return CLASSIFICATION_KINDS.filter((kind) => !parameters.kinds[kind].ignored);
}

/** §4: the message's state over the counted kinds (with every kind ignored, nothing is left to do). */
export function qualificationOf(expected: ExpectedValues, parameters: TestingCenterParameters): QualificationState {
  const kinds = countedKinds(parameters);
  const done = kinds.filter((kind) => expected[kind]?.qualified === true).length;
  if (done === kinds.length) return 'qualified';
  return done === 0 ? 'notQualified' : 'partiallyQualified';
}

// ---------------------------------------------------------------------------------------------
// Messages, files, sets
// ---------------------------------------------------------------------------------------------

/** Where a bank message came from. */
export const MESSAGE_SOURCES = ['import', 'analysis', 'sampling'] as const;
export const messageSourceSchema = z.enum(MESSAGE_SOURCES);

export const tagSchema = plainText().trim().min(1).max(50);
export const MAX_TAGS = 20;

export const bankFileSchema = z.object({
  id: z.string(),
  role: z.enum(['main', 'attachment']),
  position: z.number().int().nonnegative(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});
export type BankFile = z.infer<typeof bankFileSchema>;

/** A row of the bank list. */
export const bankMessageSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  inputType: inputTypeSchema,
  tags: z.array(z.string()),
  qualification: qualificationStateSchema,
  source: messageSourceSchema,
  sourceAnalysisId: z.string().nullable(),
  fileCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BankMessageSummary = z.infer<typeof bankMessageSummarySchema>;

export const bankMessageSchema = bankMessageSummarySchema.extend({
  files: z.array(bankFileSchema),
  expected: expectedValuesSchema,
  qualifiedAt: z.string().nullable(),
});
export type BankMessage = z.infer<typeof bankMessageSchema>;

export const SET_KINDS = ['tags', 'manual'] as const;
export const bankSetSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** tags: every message carrying at least one of `tags`, now and later; manual: the chosen messages. */
  kind: z.enum(SET_KINDS),
  tags: z.array(z.string()),
  messageCount: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type BankSet = z.infer<typeof bankSetSchema>;

export const SAMPLING_LIMITS = { maxCount: 1000, maxIds: 1000 } as const;

export type TestingCenterBankErrorCode = (typeof TESTING_CENTER_BANK_ERROR_CODES)[number];

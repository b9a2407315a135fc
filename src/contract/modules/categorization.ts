/**
 * The categorization module (spec §3 Categorization module, Category, Classification kinds;
 * §5; §8): its settings (`categorizationConfigSchema`) and its result (`categorizationResultSchema`).
 *
 * Where the configuration lives: in the module's `config` inside the environment's `settings` jsonb
 * (`settings.modules[i].config`), not in tables. Versions snapshot `settings`, the export file and
 * its import carry `settings`, the version comparison walks `settings`, and deactivating a module
 * empties its `config` (§4, server/environments/settings.ts): all of that works for categorization
 * and consolidation with no extra code. The size stays small (200 categories × 5 rules ≈ 300 kB),
 * far below the settings body limit. The NLU went to tables because its dictionaries reach
 * 100 000 entries and are edited one item at a time; categories are edited and saved as a whole.
 *
 * How a decision is taken (src/categorization/, the one engine the server and the browser run):
 * - each document the module's input type selects (the body, each attachment; each page of an
 *   attachment with the environment's "attachment categories per page" on) is categorized with the
 *   enabled categories whose `target` matches it;
 * - every enabled rule of those categories is evaluated; a rule holds when all (`and`) or one
 *   (`or`) of its criteria hold; a rule with no criteria never holds;
 * - the holding rule with the highest priority decides: the smallest `priority` number, then the
 *   category's position, then the rule's position. With "multi-category" on (environment content
 *   settings) every category with a holding rule is kept, ordered by its best rule's priority;
 * - the advanced program, when enabled, runs next and may replace the categories (see `advanced`);
 * - with nothing kept, the default category (if any) is given, explained as such.
 * Every kept category records why: the rule that fired and each criterion that held with the values
 * that made it hold (`explanation`).
 */
import { z } from 'zod';
import { plainText } from '../define';
import { evidenceSpanSchema } from './evidence-span';

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/**
 * A category name as stored. Not `.min(1)`: an empty name is refused by the configuration check
 * with the §5 code `categoryNameEmpty` (so the screen shows the translated message on the field),
 * not by a generic body-validation error.
 */
export const categoryNameSchema = plainText().trim().max(100);

/** A taint: a short word that later modules can require (§3 feature flag `taints`). */
export const taintNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[\p{L}\p{N}_.:-]+$/u, 'Letters, digits, _ . : - only');

/** §3 Classification kinds: which list of results a category (or extracted field) belongs to. */
export const CLASSIFICATION_KINDS = [
  'categories',
  'attachments_categories',
  'extracted_informations',
  'extracted_informations_attachments',
  'rpa',
] as const;
export const classificationKindSchema = z.enum(CLASSIFICATION_KINDS);

/** What a category applies to: the mail body (or main document) or an attachment. */
export const CATEGORY_TARGETS = ['body', 'attachment'] as const;
export const categoryTargetSchema = z.enum(CATEGORY_TARGETS);
export type CategoryTarget = z.infer<typeof categoryTargetSchema>;

/** The classification kind each target's categories are listed under. */
export const TARGET_KIND: Record<CategoryTarget, z.infer<typeof classificationKindSchema>> = {
  body: 'categories',
  attachment: 'attachments_categories',
};

// ---------------------------------------------------------------------------------------------
// Value conditions (NLU parameters, extracted data fields, headers, metadata)
// ---------------------------------------------------------------------------------------------

const conditionValue = z.string().max(500);

/**
 * A condition on a value (or on the several values of a `multiple` parameter: it holds when one of
 * them does). Comparisons of text are case- and accent-insensitive. `greaterThan` / `lessThan`
 * compare numbers (`"48250"`, `"48 250,00"`) or dates (ISO `2026-03-01`, or `dd/mm/yyyy`) as
 * `valueType` says; a value that is not a number / date never satisfies them.
 */
export const valueConditionSchema = z.discriminatedUnion('operator', [
  z.object({ operator: z.literal('exists') }),
  z.object({ operator: z.literal('equals'), value: conditionValue }),
  z.object({ operator: z.literal('oneOf'), values: z.array(conditionValue).min(1).max(100) }),
  z.object({ operator: z.literal('contains'), value: conditionValue }),
  z.object({ operator: z.literal('greaterThan'), value: conditionValue, valueType: z.enum(['number', 'date']) }),
  z.object({ operator: z.literal('lessThan'), value: conditionValue, valueType: z.enum(['number', 'date']) }),
]);
export type ValueCondition = z.infer<typeof valueConditionSchema>;
export const VALUE_OPERATORS = ['exists', 'equals', 'oneOf', 'contains', 'greaterThan', 'lessThan'] as const;
export type ValueOperator = (typeof VALUE_OPERATORS)[number];

/** A condition on one parameter of an NLU interaction (its name as declared on the interaction). */
export const parameterCriterionSchema = z.object({
  parameter: z.string().trim().min(1).max(100),
  condition: valueConditionSchema,
});
export type ParameterCriterion = z.infer<typeof parameterCriterionSchema>;

// ---------------------------------------------------------------------------------------------
// Criteria
// ---------------------------------------------------------------------------------------------

/** Which documents a category or consolidation-source criterion looks at. */
export const documentScopeSchema = z.enum(['body', 'attachment', 'any']);

export const CRITERION_TYPES = ['interaction', 'category', 'extractedData', 'consolidationSource', 'header', 'metadata', 'visionEngine'] as const;
export type CriterionType = (typeof CRITERION_TYPES)[number];

export const criterionSchema = z.discriminatedUnion('type', [
  /**
   * An NLU interaction found in the document being categorized (any block of it; of the page, per
   * page). `complete`: only complete results count (every non-optional parameter found). Every
   * parameter criterion must hold on that same interaction result.
   */
  z.object({
    type: z.literal('interaction'),
    interaction: z.string().trim().min(1).max(100),
    /** The interaction's context; null: any context. */
    context: z.string().trim().max(100).nullable().default(null),
    complete: z.boolean().default(true),
    parameters: z.array(parameterCriterionSchema).max(20).default([]),
  }),
  /**
   * A category already given in this analysis, by an earlier categorization module or, in this
   * module, to the other side (an attachment's category when categorizing the body: attachments
   * are categorized first for that reason, see the engine). `scope` says whose categories count.
   */
  z.object({
    type: z.literal('category'),
    category: z.string().trim().min(1).max(100),
    scope: documentScopeSchema.default('any'),
  }),
  /**
   * A field of the extracted data (the extraction module's result): without extracted
   * data it never holds.
   */
  z.object({
    type: z.literal('extractedData'),
    field: z.string().trim().min(1).max(100),
    condition: valueConditionSchema,
  }),
  /**
   * Where the document being categorized comes from (the sources consolidation combines): the body
   * or an attachment, optionally only attachments whose file name matches `fileName` (a `*` glob,
   * case-insensitive: `*.pdf`, `constat*`).
   */
  z.object({
    type: z.literal('consolidationSource'),
    source: documentScopeSchema,
    fileName: z.string().trim().max(200).nullable().default(null),
  }),
  /** A mail header of the analysis (`from`, `to`, `cc`, `subject`, `date`, or any raw header name). */
  z.object({
    type: z.literal('header'),
    header: z.string().trim().min(1).max(100),
    condition: valueConditionSchema,
  }),
  /** A metadata key of the analysis (given at upload). */
  z.object({
    type: z.literal('metadata'),
    key: z.string().trim().min(1).max(100),
    condition: valueConditionSchema,
  }),
  /**
   * The vision engine's answer (a vision engine module before this one; without one it never holds):
   * `key` is `categories` (each category key it gave), `answer` (its explanation or free answer) or
   * one of its extraction fields. It concerns the whole analysis, so it holds on every document.
   */
  z.object({
    type: z.literal('visionEngine'),
    key: z.string().trim().min(1).max(100),
    condition: valueConditionSchema,
  }),
]);
export type Criterion = z.infer<typeof criterionSchema>;

// ---------------------------------------------------------------------------------------------
// Rules, categories, configuration
// ---------------------------------------------------------------------------------------------

/** A taint a rule puts on the document it categorized, or on the whole analysis. */
export const taintSchema = z.object({
  name: taintNameSchema,
  scope: z.enum(['document', 'analysis']).default('analysis'),
});
export type Taint = z.infer<typeof taintSchema>;

export const ruleSchema = z.object({
  /** Stable id (the screens make one; explanations and the testing center refer to it). */
  id: z.string().min(1).max(64),
  /** §5: should match a project rule (warning `ruleNameNotInProject`, never blocking). */
  name: plainText().trim().min(1).max(100),
  /** 1 is the highest priority; ties: category order, then rule order. */
  priority: z.number().int().min(0).max(1_000_000).default(100),
  enabled: z.boolean().default(true),
  combinator: z.enum(['and', 'or']).default('and'),
  criteria: z.array(criterionSchema).max(50).default([]),
  /** Behind the `taints` flag in the console; honoured by the server whenever set. */
  taint: taintSchema.nullable().default(null),
});
export type Rule = z.infer<typeof ruleSchema>;

export const categorySchema = z.object({
  id: z.string().min(1).max(64),
  name: categoryNameSchema,
  description: z.string().max(500).default(''),
  target: categoryTargetSchema.default('body'),
  enabled: z.boolean().default(true),
  rules: z.array(ruleSchema).max(200).default([]),
});
export type Category = z.infer<typeof categorySchema>;

/** Limits of the advanced program's sandbox (src/templates/): what makes a run stop with an error. */
export const ADVANCED_LIMITS = {
  /** Wall time of one render (liquidjs `renderLimit`). */
  timeMs: 200,
  /** Characters of output; past it the render stops with `advancedOutputTooLarge`. */
  outputChars: 20_000,
  /** Characters of program. */
  programChars: 100_000,
} as const;

/**
 * Advanced categorization: a Liquid program run after the rules, for each categorized document. It
 * receives (names usable in the program):
 * - `document`: `{ name, source ("body" | "attachment"), page, text }`;
 * - `interactions`: the document's NLU results `[{ id, context, complete, parameters: { name: [values] } }]`;
 * - `categories`: what the rules kept for this document (names, best first);
 * - `given`: categories already given in the analysis `[{ name, documentName, source }]`;
 * - `extracted`: extracted data fields `{ field: value }` (empty without an extraction module before it);
 * - `headers`: `{ from, to, cc, subject, date, … }`; `metadata`: the analysis metadata;
 * - `vision`: the vision engine's answer when one ran before `{ categories, answer, <field>… }` (else empty).
 * Its output is category names, one per line (blank lines ignored, at most 20). Output that is
 * empty (only whitespace) keeps the rules' categories; otherwise the printed names replace them,
 * explained as `advanced`.
 */
export const advancedCategorizationSchema = z.object({
  enabled: z.boolean().default(false),
  program: z.string().max(ADVANCED_LIMITS.programChars).default(''),
});
export type AdvancedCategorization = z.infer<typeof advancedCategorizationSchema>;

export const categorizationConfigSchema = z.object({
  /** §3 default category: given when nothing matched; null gives none. */
  defaultCategory: categoryNameSchema.nullable().default(null),
  categories: z.array(categorySchema).max(1000).default([]),
  advanced: advancedCategorizationSchema.default({ enabled: false, program: '' }),
});
export type CategorizationConfig = z.infer<typeof categorizationConfigSchema>;
export type CategorizationConfigInput = z.input<typeof categorizationConfigSchema>;

// ---------------------------------------------------------------------------------------------
// Result
// ---------------------------------------------------------------------------------------------

/** Words of the document that made a criterion hold, with where they stand (page, 1-based line in the page's text or the document's). */
export const quoteSchema = z.object({
  text: z.string().max(200),
  page: z.number().int().positive().nullable(),
  line: z.number().int().positive(),
  /** The words' exact place in the extractor's text (results stored before have only page and line). */
  at: evidenceSpanSchema.optional(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** At most this many quotes per criterion (the first found, in document order). */
export const QUOTES_PER_CRITERION = 10;

export const heldCriterionSchema = z.object({
  /** Its position in the rule's `criteria`. */
  index: z.number().int().nonnegative(),
  criterion: criterionSchema,
  /** What was found: `["montant = 48250"]`, `["subject: Résiliation contrat"]`; may be empty. */
  evidence: z.array(z.string()),
  /** An interaction criterion: the words of its parameters in the document (results stored before have none). */
  quotes: z.array(quoteSchema).max(QUOTES_PER_CRITERION).default([]),
});
export type HeldCriterion = z.infer<typeof heldCriterionSchema>;

/** Why a category was given. */
export const explanationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('rule'),
    ruleId: z.string(),
    ruleName: z.string(),
    priority: z.number().int(),
    combinator: z.enum(['and', 'or']),
    /** With `and`: every criterion; with `or`: those that held. */
    held: z.array(heldCriterionSchema),
    taint: taintSchema.nullable(),
  }),
  /** No rule held (and the advanced program printed nothing). */
  z.object({ kind: z.literal('default') }),
  /** The advanced program printed it (`line` of the output). */
  z.object({ kind: z.literal('advanced'), line: z.number().int().positive() }),
]);
export type Explanation = z.infer<typeof explanationSchema>;

export const categoryDecisionSchema = z.object({
  category: z.string(),
  /** Id of the configured category; null for the default category and advanced names not configured. */
  categoryId: z.string().nullable(),
  target: categoryTargetSchema,
  explanation: explanationSchema,
});
export type CategoryDecision = z.infer<typeof categoryDecisionSchema>;

/** The categories of one document (or one page of an attachment with per-page categories). */
export const documentCategorizationSchema = z.object({
  /** Index in the extractor's result (`documents[document]`). */
  document: z.number().int().nonnegative(),
  documentName: z.string(),
  source: z.enum(['main', 'body', 'attachment']),
  /** The page, with "attachment categories per page" on; otherwise null. */
  page: z.number().int().positive().nullable(),
  /** Best first; one unless multi-category is on; empty when nothing matched and no default. */
  categories: z.array(categoryDecisionSchema),
  /** Taints the rules that fired put on this document. */
  taints: z.array(z.string()),
});
export type DocumentCategorization = z.infer<typeof documentCategorizationSchema>;

/** An error of the advanced program (syntax with its line, time limit, output size). */
export const advancedErrorSchema = z.object({
  code: z.enum(['advancedSyntaxError', 'advancedTimeLimit', 'advancedMemoryLimit', 'advancedOutputTooLarge', 'advancedRuntimeError']),
  /** 1-based line of the program, when known. */
  line: z.number().int().positive().nullable(),
  message: z.string(),
});
export type AdvancedError = z.infer<typeof advancedErrorSchema>;

export const categorizationResultSchema = z.object({
  documents: z.array(documentCategorizationSchema),
  /** Taints of the whole analysis after this module (earlier ones included). */
  taints: z.array(z.string()),
  /** The advanced program failed on some document: the rules' categories were kept there. */
  advancedErrors: z.array(advancedErrorSchema.extend({ document: z.number().int().nonnegative() })),
  /** Documents not categorized because the time budget ran out. */
  documentsNotCategorized: z.number().int().nonnegative(),
});
export type CategorizationResult = z.infer<typeof categorizationResultSchema>;

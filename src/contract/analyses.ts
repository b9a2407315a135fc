/**
 * Analyses (spec §3 Analysis, §4 Analysis progress, §5 Uploads, §8 Analysis messages, Webhook
 * delivery): the shapes both the console and programs (access keys) see. Endpoints are declared
 * further down, one per operation; the upload rules are in uploads.ts.
 */
import { z } from 'zod';
import { dateTimeParam } from './date-params';
import { access, forLightUsers, defineEndpoint, multilineText, plainText } from './define';
import { VALIDATION_MESSAGES } from './validation-messages';
import { inputTypeSchema, metadataMessage, metadataProblem, SIMULATED_MAIL_BODY_LIMIT, UPLOAD_LIMITS } from './uploads';
import { localizedTextSchema } from './pipeline-messages';
import { deliveryAttemptSchema, extractorResultSchema, moduleResultSchema, traceEntrySchema } from './analysis-results';
import { replyDraftSummarySchema, summaryCategorySchema, summaryFieldSchema } from './results-summary';
import { ANALYSIS_ERROR_CODES } from './error-code-lists';
export { ANALYSIS_ERROR_CODES } from './error-code-lists';

// The stored result shapes (trace, deliveries, documents, module results) live in analysis-results.ts.
export * from './analysis-results';

// ---------------------------------------------------------------------------------------------
// Status and input (§4 Analysis progress)
// ---------------------------------------------------------------------------------------------

/**
 * waiting: stored and queued; pending: a worker runs it; then processed, error or aborted.
 * With manual final status on, a run that went through every module stays `pending` with
 * `awaitingFinalStatus` until the external PATCH sets processed or error.
 */
export const ANALYSIS_STATUSES = ['waiting', 'pending', 'processed', 'error', 'aborted'] as const;
export const analysisStatusSchema = z.enum(ANALYSIS_STATUSES);
export type AnalysisStatus = z.infer<typeof analysisStatusSchema>;

/** Statuses an analysis can no longer leave by itself (abort is refused there). */
export const FINISHED_STATUSES: readonly AnalysisStatus[] = ['processed', 'error', 'aborted'];

// ---------------------------------------------------------------------------------------------
// What an analysis holds
// ---------------------------------------------------------------------------------------------

/** The metadata an analysis holds: a flat object of plain values. */
export const metadataSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type AnalysisMetadata = z.infer<typeof metadataSchema>;

/**
 * Metadata as it comes in, held to METADATA_LIMITS (uploads.ts). A refusal is one custom issue whose
 * params are the problem (`code` and its numbers), which the server lifts to the answer's `code`.
 */
export const metadataInputSchema = z
  .unknown()
  .superRefine((value, check) => {
    const problem = metadataProblem(value);
    if (problem !== null) check.addIssue({ code: 'custom', message: metadataMessage(problem), params: problem, abort: true });
  })
  .pipe(metadataSchema);

export const analysisFileSchema = z.object({
  id: z.string(),
  role: z.enum(['main', 'attachment']),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
});
export type AnalysisFile = z.infer<typeof analysisFileSchema>;

/** A row of the analyses list. */
export const analysisSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  status: analysisStatusSchema,
  inputType: inputTypeSchema,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  anonymizedAt: z.string().nullable(),
  metadata: metadataSchema,
  manualFinalStatus: z.boolean(),
  /** Manual final status on and every module done: waiting for the external PATCH. */
  awaitingFinalStatus: z.boolean(),
  fileCount: z.number().int().nonnegative(),
  sizeBytes: z.number().int().nonnegative(),
  /**
   * §3 categories, extracted data and reply draft, at the analysis level (results-summary.ts): the
   * final categories with why, the values found with their labels, the draft. Empty (and null) until
   * a run ends, and for an analysis finished before they were kept: never guessed from old results.
   */
  categories: z.array(summaryCategorySchema),
  extractedData: z.array(summaryFieldSchema),
  replyDraft: replyDraftSummarySchema.nullable(),
});
export type AnalysisSummary = z.infer<typeof analysisSummarySchema>;

export const analysisDetailSchema = analysisSummarySchema.extend({
  files: z.array(analysisFileSchema),
  modules: z.array(moduleResultSchema),
  trace: z.array(traceEntrySchema),
  deliveries: z.array(deliveryAttemptSchema),
  /** Why the analysis ended in error, in the caller's language. */
  error: z.string().nullable(),
  /** The same as stable keys + parameters (absent for an error stored before keys existed). */
  errorParts: z.array(localizedTextSchema).nullable().optional(),
  /** Set by the manual final status PATCH (§4). */
  exchangeLabels: z.array(z.string()).nullable(),
  /** CPU time the pipeline spent on it, in milliseconds (consumption, CO2). */
  cpuMs: z.number().nonnegative(),
});
export type AnalysisDetail = z.infer<typeof analysisDetailSchema>;

/** §3 simulated mail; §5 sender and recipient must contain an at-sign. */
export const simulatedMailSchema = z.object({
  name: plainText().trim().max(200).optional(),
  sender: plainText().trim().min(3).max(320).regex(/@/, VALIDATION_MESSAGES.atSign),
  recipient: plainText().trim().min(3).max(320).regex(/@/, VALIDATION_MESSAGES.atSign),
  subject: plainText().max(1000).default(''),
  body: multilineText().max(1_000_000).default(''),
  metadata: metadataInputSchema.default({}),
  attachments: z
    .array(z.object({ name: plainText().min(1).max(255), contentBase64: z.string() }))
    .max(UPLOAD_LIMITS.maxFiles - 1)
    .default([]),
});
export type SimulatedMail = z.infer<typeof simulatedMailSchema>;

export type AnalysisErrorCode = (typeof ANALYSIS_ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Console endpoints (signed-in users). Multipart bodies (uploads) are not described by zod: the
// server reads the parts itself and checks them with `uploadProblems`.
// ---------------------------------------------------------------------------------------------

const envParams = z.object({ envId: z.string().min(1) });
const analysisParams = envParams.extend({ analysisId: z.string().min(1) });

export const ANALYSIS_SORTS = ['createdAt', 'name', 'status'] as const;
const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Comma-separated statuses in the query string (`status=error,aborted`). */
const statusListSchema = z
  .string()
  .transform((value) => value.split(',').filter((part) => part !== ''))
  .pipe(z.array(analysisStatusSchema));

/**
 * A category name to filter by: what a category name may be (categorization.ts), one to 100
 * characters of plain text. Anything else is a 400 `invalidCategoryFilter`, whose text says so.
 */
const CATEGORY_FILTER_MAX = 100;
const categoryFilterSchema = z.string().superRefine((value, check) => {
  const name = value.trim();
  // eslint-disable-next-line no-control-regex
  if (name === '' || name.length > CATEGORY_FILTER_MAX || /[\u0000-\u001f\u007f]/.test(name)) {
    check.addIssue({ code: 'custom', message: `A category filter is 1 to ${CATEGORY_FILTER_MAX} characters of plain text`, params: { code: 'invalidCategoryFilter', max: CATEGORY_FILTER_MAX } });
  }
}).transform((value) => value.trim());

export const analysesQuerySchema = z.object({
  /** Searched in the name, and in metadata values when `inMetadata` is true. */
  search: plainText().trim().max(200).optional(),
  // The console's request layer validates the parsed value again before serialising it, so the
  // parsed forms (a boolean, an array of statuses) are accepted as well as the query-string ones.
  inMetadata: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .default(false),
  /** ISO 8601 instants, inclusive bounds on the creation date. */
  from: dateTimeParam().optional(),
  to: dateTimeParam().optional(),
  status: z.union([z.array(analysisStatusSchema), statusListSchema]).optional(),
  /** Only analyses whose final categories include this one (exact name, as the list shows it). */
  category: categoryFilterSchema.optional(),
  sort: z.enum(ANALYSIS_SORTS).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size), { message: 'Page size is 10, 25, 50 or 100' })
    .default(25),
});
export type AnalysesQuery = z.input<typeof analysesQuerySchema>;

/**
 * The list counts matching analyses up to this many and stops there, so a page costs the same with
 * 10 000 or 10 million analyses in an environment (an exact count reads every matching row: about
 * 20 ms per 10 000 in PGlite, bench/pipeline/list.mjs). Past it the console shows "2 000+", and
 * filters or the other sort order reach the rest.
 */
export const ANALYSES_COUNT_LIMIT = 2_000;

export const analysesPageSchema = z.object({
  items: z.array(analysisSummarySchema),
  /** Matching analyses: exact, or ANALYSES_COUNT_LIMIT when more match (see `totalIsEstimate`). */
  total: z.number().int().nonnegative(),
  /**
   * True when more analyses match than the count goes to: `total` is then ANALYSES_COUNT_LIMIT, a
   * lower bound ("2 000+"); pages past it still answer (the last one, shorter than a page, gives
   * the exact total again). Absent or false: `total` is exact.
   */
  totalIsEstimate: z.boolean().optional(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AnalysesPage = z.infer<typeof analysesPageSchema>;

export const listAnalyses = defineEndpoint({
  id: 'analyses.list',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/analyses',
  summary: 'Analyses of an environment: search, date and status filters, sort, pagination',
  access: forLightUsers(access.environment('envId', 'qualifier', 'operations')),
  params: envParams,
  query: analysesQuerySchema,
  response: analysesPageSchema,
});

export const createAnalysis = defineEndpoint({
  id: 'analyses.create',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/analyses',
  summary:
    'Queue an analysis (multipart/form-data: `file` the main file, `attachments` any number, optional `name`, `metadata` as a JSON object and, for programs, `manualFinalStatus` true)',
  access: forLightUsers(access.environment('envId', 'qualifier')),
  params: envParams,
  response: analysisSummarySchema,
  changesAccessFacts: [],
});

export const simulateMail = defineEndpoint({
  id: 'analyses.simulate',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/analyses/simulated-mail',
  bodyLimit: SIMULATED_MAIL_BODY_LIMIT,
  summary: 'Queue an analysis of a mail typed in the console (sender and recipient must contain an at-sign)',
  access: access.environment('envId', 'qualifier'),
  params: envParams,
  body: simulatedMailSchema,
  response: analysisSummarySchema,
});

export const getAnalysis = defineEndpoint({
  id: 'analyses.get',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/analyses/{analysisId}',
  summary: 'One analysis with its files, module results, trace and delivery attempts (409 once anonymized)',
  access: forLightUsers(access.environment('envId', 'qualifier', 'operations')),
  params: analysisParams,
  response: analysisDetailSchema,
});

export const abortAnalysis = defineEndpoint({
  id: 'analyses.abort',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/analyses/{analysisId}/abort',
  summary: 'Abort a waiting or running analysis',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: analysisParams,
  response: analysisSummarySchema,
});

export const reanalyze = defineEndpoint({
  id: 'analyses.reanalyze',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/analyses/{analysisId}/reanalyze',
  summary: 'Queue a finished analysis again (refused while processing or once anonymized)',
  access: access.environment('envId', 'qualifier', 'operations'),
  params: analysisParams,
  response: analysisSummarySchema,
});

export const downloadAnalysisFile = defineEndpoint({
  id: 'analyses.downloadFile',
  method: 'GET',
  path: '/v4/console/api/environment/{envId}/analyses/{analysisId}/files/{fileId}',
  summary: 'Download an original file of an analysis (attachment disposition)',
  access: forLightUsers(access.environment('envId', 'qualifier', 'operations')),
  params: analysisParams.extend({ fileId: z.string().min(1) }),
});

export const deleteAnalysis = defineEndpoint({
  id: 'analyses.delete',
  method: 'DELETE',
  path: '/v4/console/api/environment/{envId}/analyses/{analysisId}',
  summary: 'Delete an analysis, its files, trace and delivery attempts',
  access: access.environment('envId', 'configurator'),
  params: analysisParams,
});

/** §2.4 Extractor test: the environment's extractor on one file; nothing is stored or queued. */
export const testExtractor = defineEndpoint({
  id: 'extractor.test',
  method: 'POST',
  path: '/v4/console/api/environment/{envId}/extractor/test',
  summary: "Run the environment's extractor on one file (multipart `file`) and return its result; nothing is stored",
  access: access.environment('envId', 'configurator', 'operations'),
  params: envParams,
  response: extractorResultSchema,
});

// ---------------------------------------------------------------------------------------------
// Program endpoints (an access key of the environment in the path; spec §7.3).
// ---------------------------------------------------------------------------------------------

/** What a program reads back: status, and the output module's payload once processed. */
export const analysisStatusReportSchema = analysisSummarySchema.extend({
  error: z.string().nullable(),
  errorParts: z.array(localizedTextSchema).nullable().optional(),
  exchangeLabels: z.array(z.string()).nullable(),
  /** The output module's payload (null until processed, or without an output module). */
  output: z.record(z.string(), z.unknown()).nullable(),
});
export type AnalysisStatusReport = z.infer<typeof analysisStatusReportSchema>;

export const apiCreateAnalysis = defineEndpoint({
  id: 'api.analyses.create',
  method: 'POST',
  path: '/v4/api/environment/{envId}/analyses',
  summary: 'Queue an analysis (multipart/form-data, same parts as the console); access key required',
  access: access.accessKey('envId'),
  params: envParams,
  response: analysisSummarySchema,
});

export const apiSimulateMail = defineEndpoint({
  id: 'api.analyses.simulate',
  method: 'POST',
  path: '/v4/api/environment/{envId}/analyses/simulated-mail',
  bodyLimit: SIMULATED_MAIL_BODY_LIMIT,
  summary: 'Queue an analysis of a mail given as JSON; access key required',
  access: access.accessKey('envId'),
  params: envParams,
  body: simulatedMailSchema.extend({ manualFinalStatus: z.boolean().default(false) }),
  response: analysisSummarySchema,
});

export const apiGetAnalysis = defineEndpoint({
  id: 'api.analyses.get',
  method: 'GET',
  path: '/v4/api/environment/{envId}/analyses/{analysisId}',
  summary: 'Status and result of an analysis; access key required',
  access: access.accessKey('envId'),
  params: analysisParams,
  response: analysisStatusReportSchema,
});

export const apiFinishAnalysis = defineEndpoint({
  id: 'api.analyses.finish',
  method: 'PATCH',
  path: '/v4/api/environment/{envId}/analyses/{analysisId}',
  summary:
    'Set the final status of an analysis created with manual final status (§4); `exchangeLabels` is required to finish as processed',
  access: access.accessKey('envId'),
  params: analysisParams,
  body: z.object({
    status: z.enum(['processed', 'error']),
    exchangeLabels: z.array(plainText().max(200)).max(100).optional(),
    error: z.string().max(2000).optional(),
  }),
  response: analysisStatusReportSchema,
});

/** Every analyses endpoint, listed once; src/contract/index.ts spreads it into `allEndpoints`. */
export const analysesEndpoints = [
  listAnalyses,
  createAnalysis,
  simulateMail,
  getAnalysis,
  abortAnalysis,
  reanalyze,
  downloadAnalysisFile,
  deleteAnalysis,
  testExtractor,
  apiCreateAnalysis,
  apiSimulateMail,
  apiGetAnalysis,
  apiFinishAnalysis,
] as const;

/**
 * Provider SRE analyses screens (spec §2.2 admin/sre-inboxcare and admin/sre-analyses,
 * §2.4 SRE screens): analyses across organisations by state, with filters, and reprocess — one, a
 * selection, or everything a filter matches — with a dry-run count first and progress after.
 * `inboxcare` covers the legacy inbox-analysis projects (IC), `core` the NLU v2 projects (§1, §9).
 * Reprocessing puts the analyses back in the normal queue (fair claiming, server/pipeline/claim.ts).
 * SRE only; the audit log records every call of provider staff (server/audit.ts).
 */
import { z } from 'zod';
import { dateTimeParam } from './date-params';
import { ANALYSES_COUNT_LIMIT, analysisStatusSchema } from './analyses';
import { access, defineEndpoint } from './define';
import { moduleTypeSchema } from './environments';
export { SRE_ANALYSES_ERROR_CODES } from './error-code-lists';

export const SRE_ANALYSIS_KINDS = ['inboxcare', 'core'] as const;
export const sreAnalysisKindSchema = z.enum(SRE_ANALYSIS_KINDS);
export type SreAnalysisKind = z.infer<typeof sreAnalysisKindSchema>;
/** The project type (§3 Project) each SRE screen covers. */
export const PROJECT_TYPE_OF_KIND = { inboxcare: 'IC', core: 'NLU' } as const satisfies Record<SreAnalysisKind, 'IC' | 'NLU'>;

/** Most analyses one reprocess call requeues: a larger backlog is reprocessed in several calls. */
export const REPROCESS_MAX = 5_000;
/** Most ids a selection names (a few pages of the list). */
export const REPROCESS_SELECTION_MAX = 500;
export const SRE_PAGE_SIZES = [25, 50, 100] as const;

const statusListSchema = z
  .string()
  .transform((value) => value.split(',').filter((part) => part !== ''))
  .pipe(z.array(analysisStatusSchema));

/** The filters of both screens; the list and a reprocess by filter read the same fields. */
const filterFields = {
  kind: sreAnalysisKindSchema,
  organisationId: z.string().min(1).max(200).optional(),
  environmentId: z.string().min(1).max(200).optional(),
  /** A module whose result of the last run is an error. */
  failedModule: moduleTypeSchema.optional(),
  /** ISO 8601 instants, inclusive bounds on the creation date. */
  from: dateTimeParam().optional(),
  to: dateTimeParam().optional(),
};

export const sreAnalysesFilterSchema = z.object({ ...filterFields, status: z.array(analysisStatusSchema).max(5).optional() });
export type SreAnalysesFilter = z.infer<typeof sreAnalysesFilterSchema>;

export const sreAnalysesQuerySchema = z.object({
  ...filterFields,
  // The console validates the parsed value again before serialising it: both forms are accepted.
  status: z.union([z.array(analysisStatusSchema), statusListSchema]).optional(),
  /** 1-based. */
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (SRE_PAGE_SIZES as readonly number[]).includes(size), { message: 'Page size is 25, 50 or 100' })
    .default(25),
});
export type SreAnalysesQuery = z.output<typeof sreAnalysesQuerySchema>;

const named = z.object({ id: z.string(), name: z.string() });

export const sreAnalysisSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: analysisStatusSchema,
  run: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Retention removed its content: it cannot be reprocessed. */
  anonymized: z.boolean(),
  organisation: named,
  project: named,
  environment: named,
  /** The first module of the last run whose result is an error. */
  failedModule: moduleTypeSchema.nullable(),
  error: z.string().nullable(),
});
export type SreAnalysis = z.infer<typeof sreAnalysisSchema>;

export const sreAnalysesPageSchema = z.object({
  items: z.array(sreAnalysisSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Exact, or ANALYSES_COUNT_LIMIT with `totalIsEstimate` when more match. */
  total: z.number().int().nonnegative(),
  totalIsEstimate: z.boolean(),
});
export type SreAnalysesPage = z.infer<typeof sreAnalysesPageSchema>;
export { ANALYSES_COUNT_LIMIT };

export const listSreAnalyses = defineEndpoint({
  id: 'sre.listAnalyses',
  method: 'GET',
  path: '/v4/console/api/admin/analyses',
  summary: 'Analyses across organisations of one project type, by state, with filters and pages (SRE only)',
  access: access.provider('sre'),
  query: sreAnalysesQuerySchema,
  response: sreAnalysesPageSchema,
});

/** The organisations and environments the filters offer, for one project type. */
export const sreScopesSchema = z.object({
  organisations: z.array(
    named.extend({ environments: z.array(named.extend({ projectName: z.string() })) }),
  ),
});
export type SreScopes = z.infer<typeof sreScopesSchema>;

export const listSreScopes = defineEndpoint({
  id: 'sre.listScopes',
  method: 'GET',
  path: '/v4/console/api/admin/analyses/scopes',
  summary: 'Organisations and their environments of one project type, for the SRE filters (SRE only)',
  access: access.provider('sre'),
  query: z.object({ kind: sreAnalysisKindSchema }),
  response: sreScopesSchema,
});

/** What to reprocess: named analyses, or every analysis a filter matches. */
export const reprocessSelectionSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('ids'), kind: sreAnalysisKindSchema, ids: z.array(z.string().min(1).max(200)).min(1).max(REPROCESS_SELECTION_MAX) }),
  z.object({ by: z.literal('filter'), filter: sreAnalysesFilterSchema }),
]);
export type ReprocessSelection = z.infer<typeof reprocessSelectionSchema>;

export const reprocessResultSchema = z.object({
  dryRun: z.boolean(),
  /** Finished, not anonymized analyses the selection holds: what is (or would be) requeued. */
  requeued: z.number().int().nonnegative(),
  /** Analyses the selection holds that cannot be reprocessed now (still running, or anonymized). */
  skipped: z.number().int().nonnegative(),
  /** The batch to follow the progress of; null for a dry run or when nothing was requeued. */
  batchId: z.string().nullable(),
});
export type ReprocessResult = z.infer<typeof reprocessResultSchema>;

export const reprocessAnalyses = defineEndpoint({
  id: 'sre.reprocess',
  method: 'POST',
  path: '/v4/console/api/admin/analyses/reprocess',
  summary:
    'Requeue finished analyses (named ones, or every one a filter matches) for a new run through the normal queue; `dryRun` only counts (SRE only)',
  access: access.provider('sre'),
  body: z.object({ selection: reprocessSelectionSchema, dryRun: z.boolean() }),
  response: reprocessResultSchema,
});

export const reprocessProgressSchema = z.object({
  batchId: z.string(),
  createdAt: z.string(),
  total: z.number().int(),
  /** Requeued analyses by the status of the run the batch started; `gone`: deleted or reprocessed again since. */
  waiting: z.number().int(),
  pending: z.number().int(),
  processed: z.number().int(),
  error: z.number().int(),
  aborted: z.number().int(),
  gone: z.number().int(),
});
export type ReprocessProgress = z.infer<typeof reprocessProgressSchema>;

export const getReprocessProgress = defineEndpoint({
  id: 'sre.reprocessProgress',
  method: 'GET',
  path: '/v4/console/api/admin/analyses/reprocess/{batchId}',
  summary: 'How far the analyses of a reprocess batch got (SRE only)',
  access: access.provider('sre'),
  params: z.object({ batchId: z.string().min(1).max(100) }),
  response: reprocessProgressSchema,
});

export const sreAnalysesEndpoints = [listSreAnalyses, listSreScopes, reprocessAnalyses, getReprocessProgress] as const;

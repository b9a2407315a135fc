/**
 * Endpoints of the message bank: list and search, import, tags, sets, qualification,
 * parameters, "add to testing center" from an analysis, and sampling production analyses. Types and
 * rules: ./testing-center.ts. Every call needs qualifier on the project (§6); saving the parameters
 * needs configurator. Sampling and "add to testing center" name an environment, so they sit under
 * the environment's path and its access rule (a private environment is invisible below configurator).
 */
import { z } from 'zod';
import { dateTimeParam } from './date-params';
import { access, defineEndpoint, plainText } from './define';
import { ANALYSIS_STATUSES, analysisStatusSchema } from './analyses';
import { inputTypeSchema } from './uploads';
import {
  MAX_TAGS,
  SAMPLING_LIMITS,
  SET_KINDS,
  bankMessageSchema,
  bankMessageSummarySchema,
  bankSetSchema,
  expectedValuesSchema,
  obtainedValuesSchema,
  qualificationStateSchema,
  tagSchema,
  testingCenterParametersSchema,
  valueFormatSchema,
} from './testing-center';
import { categoryTargetSchema } from './modules/categorization';
import { testRunSummarySchema } from './testing-runs';

const BASE = '/v4/console/api/project/{projectId}/testing-center';
const projectParams = z.object({ projectId: z.string().min(1) });
const messageParams = projectParams.extend({ messageId: z.string().min(1).max(100) });
const setParams = projectParams.extend({ setId: z.string().min(1).max(100) });

/** A query value sent once (`tags=a`) or as an array (`tags[]=a&tags[]=b`). */
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([z.array(item).max(50), item.transform((value) => [value])]);

export const BANK_PAGE_SIZES = [25, 50, 100] as const;

export const bankListQuerySchema = z.object({
  /** Searched in the name, the tags and the file names. */
  search: plainText().trim().max(200).optional(),
  /** Messages carrying at least one of these tags. */
  tags: oneOrMany(tagSchema).optional(),
  inputType: oneOrMany(inputTypeSchema).optional(),
  qualification: oneOrMany(qualificationStateSchema).optional(),
  /** Only the messages of this set. */
  setId: z.string().min(1).max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (BANK_PAGE_SIZES as readonly number[]).includes(size), { message: 'Page size is 25, 50 or 100' })
    .default(25),
});
export type BankListQuery = z.input<typeof bankListQuerySchema>;

export const bankPageSchema = z.object({
  items: z.array(bankMessageSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type BankPage = z.infer<typeof bankPageSchema>;

export const listBankMessages = defineEndpoint({
  id: 'testingCenter.listMessages',
  method: 'GET',
  path: `${BASE}/messages`,
  summary: 'Messages of the bank: search, filters on tags, input type, qualification state and set, pages',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  query: bankListQuerySchema,
  response: bankPageSchema,
});

export const importBankMessage = defineEndpoint({
  id: 'testingCenter.importMessage',
  method: 'POST',
  path: `${BASE}/messages`,
  summary:
    'Add a message to the bank (multipart/form-data as an analysis: `file` the main file, `attachments` any number, optional `name`; §5 upload rules); `tags` in the query',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  query: z.object({ tags: oneOrMany(tagSchema).optional() }),
  response: bankMessageSummarySchema,
});

export const getBankMessage = defineEndpoint({
  id: 'testingCenter.getMessage',
  method: 'GET',
  path: `${BASE}/messages/{messageId}`,
  summary: 'A bank message with its files and expected values (private kinds only for configurators)',
  access: access.project('projectId', 'qualifier'),
  params: messageParams,
  response: bankMessageSchema,
});

export const downloadBankFile = defineEndpoint({
  id: 'testingCenter.downloadFile',
  method: 'GET',
  path: `${BASE}/messages/{messageId}/files/{fileId}`,
  summary: 'An original file of a bank message (its bytes, for the files viewer)',
  access: access.project('projectId', 'qualifier'),
  params: messageParams.extend({ fileId: z.string().min(1).max(100) }),
});

export const deleteBankMessages = defineEndpoint({
  id: 'testingCenter.deleteMessages',
  method: 'POST',
  path: `${BASE}/messages/delete`,
  summary: 'Delete messages from the bank (their files, expected values and set memberships)',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  body: z.object({ messageIds: z.array(z.string().min(1).max(100)).min(1).max(1000) }),
  response: z.object({ deleted: z.number().int().nonnegative() }),
});

export const tagBankMessages = defineEndpoint({
  id: 'testingCenter.tagMessages',
  method: 'POST',
  path: `${BASE}/messages/tags`,
  summary: 'Add and remove tags on messages (at most 20 tags per message)',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  body: z.object({
    messageIds: z.array(z.string().min(1).max(100)).min(1).max(1000),
    add: z.array(tagSchema).max(MAX_TAGS).default([]),
    remove: z.array(tagSchema).max(MAX_TAGS).default([]),
  }),
  response: z.object({ updated: z.number().int().nonnegative() }),
});

export const listBankTags = defineEndpoint({
  id: 'testingCenter.listTags',
  method: 'GET',
  path: `${BASE}/tags`,
  summary: 'Every tag of the bank with its message count',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  response: z.object({ tags: z.array(z.object({ tag: z.string(), count: z.number().int().nonnegative() })) }),
});

export const qualifyBankMessage = defineEndpoint({
  id: 'testingCenter.qualifyMessage',
  method: 'PUT',
  path: `${BASE}/messages/{messageId}/expected`,
  summary: 'Replace the expected values of a message; its qualification state follows (§4)',
  access: access.project('projectId', 'qualifier'),
  params: messageParams,
  body: z.object({ expected: expectedValuesSchema }),
  response: bankMessageSchema,
});

export const latestObtainedValues = defineEndpoint({
  id: 'testingCenter.latestObtained',
  method: 'GET',
  path: `${BASE}/messages/{messageId}/latest-obtained`,
  summary: "The values the message's latest test run obtained (null without a run), for \"accept obtained\", and which run that was",
  access: access.project('projectId', 'qualifier'),
  params: messageParams,
  response: z.object({
    /** Private kinds left out below configurator, like the run's own answer. */
    obtained: obtainedValuesSchema.nullable(),
    /** The run, named as the tests list names it (environment, version or null for the current configuration, launch date). */
    run: testRunSummarySchema.pick({ id: true, environmentName: true, versionName: true, createdAt: true }).nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Sets
// ---------------------------------------------------------------------------------------------

export const listBankSets = defineEndpoint({
  id: 'testingCenter.listSets',
  method: 'GET',
  path: `${BASE}/sets`,
  summary: 'Sets of the bank with their message counts',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  response: z.object({ sets: z.array(bankSetSchema) }),
});

export const createBankSet = defineEndpoint({
  id: 'testingCenter.createSet',
  method: 'POST',
  path: `${BASE}/sets`,
  summary: 'Create a set by tags (every message carrying one of them) or by hand (the chosen messages)',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  body: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal(SET_KINDS[0]), name: plainText().trim().min(1).max(100), tags: z.array(tagSchema).min(1).max(MAX_TAGS) }),
    z.object({ kind: z.literal(SET_KINDS[1]), name: plainText().trim().min(1).max(100), messageIds: z.array(z.string().min(1).max(100)).min(1).max(10_000) }),
  ]),
  response: bankSetSchema,
});

export const deleteBankSet = defineEndpoint({
  id: 'testingCenter.deleteSet',
  method: 'DELETE',
  path: `${BASE}/sets/{setId}`,
  summary: 'Delete a set (its messages stay in the bank)',
  access: access.project('projectId', 'qualifier'),
  params: setParams,
});

export const bankSetMessageIds = defineEndpoint({
  id: 'testingCenter.setMessageIds',
  method: 'GET',
  path: `${BASE}/sets/{setId}/message-ids`,
  summary: 'The ids of the messages of a set, oldest first, with their qualification states (the qualification screen walks them and shows its progress)',
  access: access.project('projectId', 'qualifier'),
  params: setParams,
  /** `states[i]` is the state of `ids[i]`. */
  response: z.object({ ids: z.array(z.string()), states: z.array(qualificationStateSchema) }),
});

// ---------------------------------------------------------------------------------------------
// Parameters
// ---------------------------------------------------------------------------------------------

export const getTestingCenterParameters = defineEndpoint({
  id: 'testingCenter.getParameters',
  method: 'GET',
  path: `${BASE}/parameters`,
  summary: 'The classification kinds with their ignored and public/private flags',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  response: testingCenterParametersSchema,
});

export const saveTestingCenterParameters = defineEndpoint({
  id: 'testingCenter.saveParameters',
  method: 'PUT',
  path: `${BASE}/parameters`,
  summary: 'Save the classification kinds flags; every message state is recomputed',
  access: access.project('projectId', 'configurator'),
  params: projectParams,
  body: testingCenterParametersSchema,
  response: testingCenterParametersSchema,
});

// ---------------------------------------------------------------------------------------------
// From production analyses
// ---------------------------------------------------------------------------------------------

const ENV_BASE = '/v4/console/api/environment/{envId}';
const envParams = z.object({ envId: z.string().min(1) });

export const addAnalysisToBank = defineEndpoint({
  id: 'testingCenter.addAnalysis',
  method: 'POST',
  path: `${ENV_BASE}/analyses/{analysisId}/testing-center`,
  summary: "Copy an analysis' files into its project's bank, with its obtained values as a starting point (not qualified)",
  access: access.environment('envId', 'qualifier'),
  params: envParams.extend({ analysisId: z.string().min(1).max(100) }),
  body: z.object({ tags: z.array(tagSchema).max(MAX_TAGS).default([]) }),
  response: z.object({ message: bankMessageSummarySchema, alreadyInBank: z.boolean() }),
});

/**
 * What a qualifier picks expected values from on an environment (§4 qualification): the categories of
 * its categorization modules (body and attachment ones, the default category included) and the fields
 * of its extraction modules with their labels and formats (a module run on attachments gives the
 * attachment kind's fields; one run once per analysis or on bodies, the message's).
 */
export const labellingVocabularySchema = z.object({
  categories: z.array(z.object({ name: z.string(), description: z.string(), target: categoryTargetSchema })),
  fields: z.array(z.object({ name: z.string(), label: z.string(), format: valueFormatSchema, attachment: z.boolean() })),
});
export type LabellingVocabulary = z.infer<typeof labellingVocabularySchema>;

export const getLabellingVocabulary = defineEndpoint({
  id: 'testingCenter.vocabulary',
  method: 'GET',
  path: `${ENV_BASE}/testing-center/vocabulary`,
  summary: "The environment's categories and extraction fields, which the qualification screen offers as expected values",
  access: access.environment('envId', 'qualifier'),
  params: envParams,
  response: labellingVocabularySchema,
});

export const samplingCriteriaSchema = z
  .object({
    maxCount: z.number().int().min(1).max(SAMPLING_LIMITS.maxCount),
    /** ISO 8601 instants, inclusive bounds on the analyses' creation date. */
    from: dateTimeParam().optional(),
    to: dateTimeParam().optional(),
    statuses: z.array(analysisStatusSchema).max(ANALYSIS_STATUSES.length).default(['processed']),
    /** Analyses whose obtained categories include one of these. */
    categories: z.array(plainText().trim().min(1).max(200)).max(50).default([]),
    /** Analyses whose metadata holds these key/value pairs (exact values). */
    metadata: z.record(plainText().trim().min(1).max(100), plainText().max(500)).default({}),
    /** Instead of the filters: these analyses (of the environment). */
    ids: z.array(z.string().min(1).max(100)).max(SAMPLING_LIMITS.maxIds).default([]),
    /** Share the count between the obtained categories in proportion to their frequency. */
    stratifyByCategory: z.boolean().default(false),
  })
  .refine((value) => value.from === undefined || value.to === undefined || value.from <= value.to, {
    message: 'The start date is after the end date',
    path: ['to'],
  });
export type SamplingCriteria = z.input<typeof samplingCriteriaSchema>;

export const samplingPreviewSchema = z.object({
  /** Analyses matching the filters, before the maximum count. */
  matching: z.number().int().nonnegative(),
  /** How many would be added (matching, capped, without those already in the bank). */
  selected: z.number().int().nonnegative(),
  alreadyInBank: z.number().int().nonnegative(),
  /** With stratification: the selection per obtained category (`null`: no category). */
  perCategory: z.array(z.object({ category: z.string().nullable(), count: z.number().int().nonnegative() })),
});
export type SamplingPreview = z.infer<typeof samplingPreviewSchema>;

export const previewSampling = defineEndpoint({
  id: 'testingCenter.previewSampling',
  method: 'POST',
  path: `${ENV_BASE}/testing-center/sampling/preview`,
  summary: 'How many production analyses a sampling would add to the bank',
  access: access.environment('envId', 'qualifier'),
  params: envParams,
  body: samplingCriteriaSchema,
  response: samplingPreviewSchema,
});

export const runSampling = defineEndpoint({
  id: 'testingCenter.sample',
  method: 'POST',
  path: `${ENV_BASE}/testing-center/sampling`,
  summary: 'Copy a sample of production analyses into the bank (files and obtained values, not qualified)',
  access: access.environment('envId', 'qualifier'),
  params: envParams,
  body: z.intersection(samplingCriteriaSchema, z.object({ tags: z.array(tagSchema).max(MAX_TAGS).default([]) })),
  response: z.object({ added: z.number().int().nonnegative(), alreadyInBank: z.number().int().nonnegative() }),
});

export const testingCenterBankEndpoints = [
  listBankMessages,
  importBankMessage,
  getBankMessage,
  downloadBankFile,
  deleteBankMessages,
  tagBankMessages,
  listBankTags,
  qualifyBankMessage,
  latestObtainedValues,
  listBankSets,
  createBankSet,
  deleteBankSet,
  bankSetMessageIds,
  getTestingCenterParameters,
  saveTestingCenterParameters,
  addAnalysisToBank,
  getLabellingVocabulary,
  previewSampling,
  runSampling,
] as const;

/**
 * Testing center test runs and domain rules (spec §2.2 tests / tests/{testId} / domain-rules /
 * domain-rules-v2, §3 Test execution): launch a test of an environment on a bank set, or on one bank
 * message (the qualification screen's pre-annotation), follow its progress, read its results (one
 * row per message, metrics per classification kind), and keep the project's domain rules. Every
 * endpoint needs qualifier on the project (§6).
 *
 * Codes of the errors these endpoints answer with (besides the input and access ones):
 * - testNotFound (404): no such test in the project;
 * - testSetNotFound (404) / testSetEmpty (409): the set is not the project's, or holds no message;
 * - testMessageNotFound (404): the message of a run of one is not in the project's bank;
 * - testEnvironmentNotFound (404): the environment is not the project's (or is hidden from the caller);
 * - testVersionNotFound (404): the version is not one of the environment's;
 * - testVersionOutdated (409): the version no longer passes the configuration rules;
 * - domainRulesInvalid (422) `{ problem, …names }`: the rules contradict themselves; `problem` is a
 *   `DOMAIN_RULE_PROBLEMS` code (a merged category merges into itself or into a skipped one, a comparison
 *   does not fit its value format, or a category kind is given a mode other than exact or insensitive…),
 *   the names are the categories, kind, mode or format concerned;
 * - testReplayTooLarge (503) `{ context: 'timeout', seconds }` or `{ context: 'memory', megabytes }`: the
 *   replay answer could not be built within the server's limits.
 */
import { z } from 'zod';
import { access, defineEndpoint } from './define';
import { VALIDATION_MESSAGES } from './validation-messages';
import { expectedValuesSchema, obtainedValuesSchema, type ExpectedValues, type ObtainedValues } from './testing-center';
import {
  domainRulesSchema,
  domainRulesV1Schema,
  domainRulesV2Schema,
  evaluationKindSchema,
  metricsByKindSchema,
  valueOutcomeSchema,
} from './testing-evaluation';
import { TESTING_RUN_ERROR_CODES, TEST_RUN_MESSAGE_ERROR_CODES } from './error-code-lists';
import { extractorResultSchema } from './analysis-results';
import { environmentSettingsSchema } from './environments';
export { TESTING_RUN_ERROR_CODES, TEST_RUN_MESSAGE_ERROR_CODES } from './error-code-lists';

/** Why domain rules are refused (`domainRulesInvalid`'s `problem`; texts `testRuns:domainRuleProblems.*`). */
export const DOMAIN_RULE_PROBLEMS = [
  'mergedIntoItself',
  'mergedIntoSkipped',
  'skippedAndMerged',
  'mergedOutOfScope',
  'mergedTwice',
  'inScopeAndSkipped',
  'kindTwice',
  'modeNotForFormat',
  'modeNotForKind',
  'fieldTwice',
] as const;
export type DomainRuleProblem = (typeof DOMAIN_RULE_PROBLEMS)[number];

export type TestingRunErrorCode = (typeof TESTING_RUN_ERROR_CODES)[number];

export type TestRunMessageErrorCode = (typeof TEST_RUN_MESSAGE_ERROR_CODES)[number];
/** A stored run or message error: code and parameters. The code stays a string so older rows still read. */
export const testRunErrorSchema = z.object({ code: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) });
export type TestRunError = z.infer<typeof testRunErrorSchema>;

const BASE = '/v4/console/api/project/{projectId}/testing-center';
const projectParams = z.object({ projectId: z.string().min(1) });
const testParams = projectParams.extend({ testId: z.string().min(1) });

/** As qualified in the bank when the run started (the bank's own shape). */
export const testMessageExpectedSchema = expectedValuesSchema;
export type TestMessageExpected = ExpectedValues;
/** What the run obtained, in the same shape (src/testing-center/obtained.ts). */
export const testMessageObtainedSchema = obtainedValuesSchema;
export type TestMessageObtained = ObtainedValues;
export const testMessageOutcomesSchema = z.partialRecord(evaluationKindSchema, z.array(valueOutcomeSchema));
export type TestMessageOutcomes = z.infer<typeof testMessageOutcomesSchema>;

/** §3 Test execution: a message ends success, error or timeout; pending until it ran. */
export const TEST_MESSAGE_STATUSES = ['pending', 'success', 'error', 'timeout'] as const;
export const TEST_RUN_STATUSES = ['queued', 'running', 'finished', 'failed'] as const;

export const testRunSummarySchema = z.object({
  id: z.string(),
  status: z.enum(TEST_RUN_STATUSES),
  environmentId: z.string(),
  environmentName: z.string(),
  /**
   * What the run ran on: a bank set (`setId`, `setName`) or a single bank message (`messageId`,
   * `messageName`), the other pair null. Names are as they were at launch: a run outlives both.
   */
  setId: z.string().nullable(),
  setName: z.string().nullable(),
  messageId: z.string().nullable(),
  messageName: z.string().nullable(),
  /** Null: the environment's configuration at launch. */
  versionId: z.string().nullable(),
  versionName: z.string().nullable(),
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  /** Messages per end status so far. */
  counts: z.object({ success: z.number().int(), error: z.number().int(), timeout: z.number().int() }),
  /** Micro-averaged F1 of the categories once finished (the list's headline figure). */
  microF1: z.number().nullable(),
  error: testRunErrorSchema.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  author: z.string().nullable(),
});
export type TestRunSummary = z.infer<typeof testRunSummarySchema>;

export const testMessageRowSchema = z.object({
  messageId: z.string(),
  name: z.string(),
  /** Whether the bank still holds the message (a run's results outlive it): the results page links only those. */
  inBank: z.boolean(),
  status: z.enum(TEST_MESSAGE_STATUSES),
  error: testRunErrorSchema.nullable(),
  durationMs: z.number().int().nullable(),
  expected: testMessageExpectedSchema,
  obtained: testMessageObtainedSchema,
  /** Per kind, each counted value with TP/FP/FN (or SKIPPED) and the domain rule that decided it. */
  outcomes: testMessageOutcomesSchema,
  /** The categorization rule behind each obtained category. */
  firedRules: z.array(z.object({ category: z.string(), rule: z.string() })),
});
export type TestMessageRow = z.infer<typeof testMessageRowSchema>;

export const testRunDetailSchema = testRunSummarySchema.extend({
  kinds: z.array(evaluationKindSchema),
  rules: domainRulesSchema,
  messages: z.array(testMessageRowSchema),
  /** Per classification kind: `perValue` rows, `micro` and `macro` (empty until the run finished). */
  metrics: metricsByKindSchema,
});
export type TestRunDetail = z.infer<typeof testRunDetailSchema>;

export const listTests = defineEndpoint({
  id: 'testingCenter.tests.list',
  method: 'GET',
  path: `${BASE}/tests`,
  summary: 'Test runs of the project, newest first, with their progress',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  response: z.array(testRunSummarySchema),
});

/**
 * A run on a bank set, or on one bank message (a run of one): exactly one of `setId` and `messageId`.
 * Both or neither is an input error (400 invalidRequest) like any other malformed body.
 */
export const launchTestBodySchema = z
  .object({
    environmentId: z.string().min(1),
    setId: z.string().min(1).max(100).optional(),
    messageId: z.string().min(1).max(100).optional(),
    versionId: z.string().min(1).nullable().default(null),
  })
  .refine((body) => (body.setId === undefined) !== (body.messageId === undefined), { message: VALIDATION_MESSAGES.setOrMessage });
export type LaunchTestBody = z.input<typeof launchTestBodySchema>;

export const launchTest = defineEndpoint({
  id: 'testingCenter.tests.launch',
  method: 'POST',
  path: `${BASE}/tests`,
  summary: 'Launch a test of an environment (its current configuration, or one of its versions) on a bank set or on one bank message; it runs in the background',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  body: launchTestBodySchema,
  response: testRunSummarySchema,
});

export const getTest = defineEndpoint({
  id: 'testingCenter.tests.get',
  method: 'GET',
  path: `${BASE}/tests/{testId}`,
  summary: "A test run: status, one row per message (expected and obtained per classification kind) and the metrics per kind",
  access: access.project('projectId', 'qualifier'),
  params: testParams,
  /**
   * A slice of the messages (`offset`, `limit`; every message without them). The results page reads
   * them in slices so no single parse and validation holds the main thread (1,000 messages: ~50 ms).
   */
  query: z.object({ offset: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(100_000).optional() }),
  response: testRunDetailSchema,
});

/**
 * What the browser replays a module chain on (src/testing-center/replay.ts): the extractor's result
 * the run kept for the message and the message's date (relative dates read from it).
 */
export const replayInputSchema = z.object({ createdAt: z.string(), extraction: extractorResultSchema });
export type ReplayInput = z.infer<typeof replayInputSchema>;

export const testReplaySchema = z.object({
  id: z.string(),
  status: z.enum(TEST_RUN_STATUSES),
  environmentId: z.string(),
  kinds: z.array(evaluationKindSchema),
  rules: domainRulesSchema,
  /** The configuration the run ran (copied at launch). */
  settings: environmentSettingsSchema,
  messages: z.array(
    z.object({
      messageId: z.string(),
      name: z.string(),
      status: z.enum(TEST_MESSAGE_STATUSES),
      expected: testMessageExpectedSchema,
      outcomes: testMessageOutcomesSchema,
      /** Null: the message cannot be replayed (its extractor failed, or the run predates replay). */
      input: replayInputSchema.nullable(),
    }),
  ),
});
export type TestReplay = z.infer<typeof testReplaySchema>;

export const getTestReplay = defineEndpoint({
  id: 'testingCenter.tests.replay',
  method: 'GET',
  path: `${BASE}/tests/{testId}/replay`,
  summary: "What a test run's messages are replayed on in the browser to try a configuration change: the run's configuration, its messages' extracted text, expected values and outcomes",
  // The configuration and every kind, private ones included: trying a change is a configurator's work.
  access: access.project('projectId', 'configurator'),
  params: testParams,
  response: testReplaySchema,
});

export const getDomainRules = defineEndpoint({
  id: 'testingCenter.domainRules.get',
  method: 'GET',
  path: `${BASE}/domain-rules`,
  summary: 'The domain rules of the project (v1 categories in scope, skipped, merged; v2 comparisons per kind)',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  response: domainRulesSchema,
});

export const saveDomainRulesV1 = defineEndpoint({
  id: 'testingCenter.domainRules.saveV1',
  method: 'PUT',
  path: `${BASE}/domain-rules`,
  summary: 'Save the v1 domain rules: categories in scope, skipped, merged into another',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  body: domainRulesV1Schema,
  response: domainRulesSchema,
});

export const saveDomainRulesV2 = defineEndpoint({
  id: 'testingCenter.domainRules.saveV2',
  method: 'PUT',
  path: `${BASE}/domain-rules-v2`,
  summary: 'Save the v2 domain rules: per classification kind, how values compare by value format',
  access: access.project('projectId', 'qualifier'),
  params: projectParams,
  body: domainRulesV2Schema,
  response: domainRulesSchema,
});

export const testingRunEndpoints = [listTests, launchTest, getTest, getTestReplay, getDomainRules, saveDomainRulesV1, saveDomainRulesV2];

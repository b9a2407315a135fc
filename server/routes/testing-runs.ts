/**
 * Testing center test runs and domain rules (src/contract/testing-runs.ts). The process's test
 * runner (server/testing-center/test-runner.ts) starts with the app and resumes unfinished runs.
 */
import type { FastifyInstance } from 'fastify';
import { seesPrivateEnvironments } from '../../src/contract/define';
import { getDomainRules, getTest, getTestReplay, launchTest, listTests, saveDomainRulesV1, saveDomainRulesV2 } from '../../src/contract/testing-runs';
import { auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import type { ServerContext } from '../context';
import { readDomainRules, saveDomainRules } from '../testing-center/domain-rules';
import { launchTestRun } from '../testing-center/launch-test-run';
import { listTestRuns, testRunDetail, testRunSummary } from '../testing-center/run-views';
import { createTestRunner, type TestRunner } from '../testing-center/test-runner';
import { registerEndpoint, SerializedResponse } from './register';
import { testReplayJson } from '../testing-center/replay-answer';

/** The runner of each app (tests and the bench wait on it). */
const runners = new WeakMap<FastifyInstance, TestRunner>();
export const testRunnerOf = (app: FastifyInstance) => runners.get(app);

export function registerTestingRunRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const runner = createTestRunner({
    db: ctx.db,
    nlu: ctx.nlu,
    log: (error, runId) => app.log.error({ err: error, runId }, 'test run failed'),
    released: (runId) => app.log.warn({ runId }, 'a test run still going on at shutdown was given back, its message under way still pending'),
  });
  runners.set(app, runner);
  app.addHook('onReady', async () => {
    await runner.resumeUnfinished().catch((error: unknown) => app.log.error({ err: error }, 'resuming test runs failed'));
  });
  ctx.shutdown.onStop((graceMs) => runner.stop(graceMs));

  registerEndpoint(app, ctx, listTests, ({ params, scope }) => listTestRuns(ctx.db, params.projectId, scope.rights));

  registerEndpoint(app, ctx, launchTest, async ({ params, body, scope, request, reply }) => {
    const runId = await launchTestRun(ctx.db, {
      projectId: params.projectId,
      environmentId: body.environmentId,
      // The contract lets exactly one of the two through.
      ...(body.messageId !== undefined ? { messageId: body.messageId } : { setId: body.setId! }),
      versionId: body.versionId,
      userId: principalOf(request).userId,
      seesPrivate: scope.rights !== null && seesPrivateEnvironments(scope.rights),
    });
    auditTarget(request, { type: 'testRun', id: runId });
    runner.schedule(runId);
    reply.code(202);
    return testRunSummary(ctx.db, params.projectId, runId, scope.rights);
  });

  registerEndpoint(app, ctx, getTest, ({ params, query, scope }) => testRunDetail(ctx.db, params.projectId, params.testId, scope.rights, query));

  registerEndpoint(app, ctx, getTestReplay, async ({ params }) => new SerializedResponse(getTestReplay, await testReplayJson(ctx.db, params.projectId, params.testId)));

  registerEndpoint(app, ctx, getDomainRules, ({ params }) => readDomainRules(ctx.db, params.projectId));
  registerEndpoint(app, ctx, saveDomainRulesV1, ({ params, body }) => saveDomainRules(ctx.db, params.projectId, { v1: body }));
  registerEndpoint(app, ctx, saveDomainRulesV2, ({ params, body }) => saveDomainRules(ctx.db, params.projectId, { v2: body }));
}

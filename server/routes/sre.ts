/** Provider SRE routes (spec §2.4 SRE screens). SRE only; audited by server/audit.ts. */
import type { FastifyInstance } from 'fastify';
import { analysesCounter } from '../../src/contract/sre';
import { getReprocessProgress, listSreAnalyses, listSreScopes, reprocessAnalyses } from '../../src/contract/sre-analyses';
import { principalOf } from '../auth/guard';
import type { ServerContext } from '../context';
import { checkedTimeZone } from '../consumption/time-zone';
import { countAnalyses } from '../sre/analyses-counter';
import { listSreAnalysesPage } from '../sre/analyses-list';
import { reprocess, reprocessProgress } from '../sre/reprocess';
import { listScopes } from '../sre/scopes';
import { auditTarget } from '../audit';
import { registerEndpoint } from './register';

export function registerSreRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, analysesCounter, ({ query }) => countAnalyses(ctx, { from: query.from, to: query.to, tz: checkedTimeZone(query.tz) }));
  registerEndpoint(app, ctx, listSreAnalyses, ({ query }) => listSreAnalysesPage(ctx.db, query));
  registerEndpoint(app, ctx, listSreScopes, ({ query }) => listScopes(ctx.db, query.kind));
  registerEndpoint(app, ctx, reprocessAnalyses, async ({ body, request }) => {
    const result = await reprocess(ctx.db, body.selection, body.dryRun, principalOf(request).userId);
    // The audit entry names the batch, so the log leads to what was requeued.
    if (result.batchId !== null) auditTarget(request, { type: 'reprocessBatch', id: result.batchId });
    return result;
  });
  registerEndpoint(app, ctx, getReprocessProgress, ({ params }) => reprocessProgress(ctx.db, params.batchId));
}

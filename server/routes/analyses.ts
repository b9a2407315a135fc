/**
 * Analyses in the console (signed-in users, spec §2.4 Analyses list and Analysis result): list,
 * create (multipart upload or a simulated mail), get, abort, reanalyze, download an original file,
 * delete. The rules live in server/analyses; this file maps them onto the contract's endpoints.
 */
import type { FastifyInstance } from 'fastify';
import {
  abortAnalysis,
  createAnalysis,
  deleteAnalysis,
  downloadAnalysisFile,
  getAnalysis,
  listAnalyses,
  reanalyze,
  simulateMail,
} from '../../src/contract/analyses';
import { abortAnalysisRun, deleteAnalysisRecord, reanalyzeAnalysis } from '../analyses/actions';
import { createAnalysisRecord, type NewAnalysis } from '../analyses/create';
import { analysisDetailJson } from '../analyses/detail';
import { loadDownload } from '../analyses/download';
import { listAnalysesPage } from '../analyses/list';
import { composeSimulatedMail } from '../analyses/simulated-mail';
import { readAnalysisUpload } from '../analyses/upload';
import { summaryOf } from '../analyses/views';
import { auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import { requestLanguage } from '../i18n/error-messages';
import type { ServerContext } from '../context';
import { registerEndpoint, SerializedResponse, type HandlerInput } from './register';

export function registerAnalysisRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const audit = (request: Parameters<typeof auditTarget>[0], id: string) => auditTarget(request, { type: 'analysis', id });

  registerEndpoint(app, ctx, listAnalyses, ({ params, query }) => listAnalysesPage(ctx.db, params.envId, query));

  /** An upload and a simulated mail are stored alike: by the caller, audited, answered 201 with the summary. */
  const store = async ({ params, request, reply }: Pick<HandlerInput<typeof createAnalysis>, 'params' | 'request' | 'reply'>, input: Omit<NewAnalysis, 'environmentId' | 'createdByUserId'>) => {
    const row = await createAnalysisRecord(ctx.db, { ...input, environmentId: params.envId, createdByUserId: principalOf(request).userId });
    audit(request, row.id);
    reply.code(201);
    return summaryOf(row);
  };

  registerEndpoint(app, ctx, createAnalysis, async (call) => store(call, await readAnalysisUpload(call.request)));

  registerEndpoint(app, ctx, simulateMail, async (call) => store(call, await composeSimulatedMail(call.body)));

  registerEndpoint(app, ctx, getAnalysis, async ({ params, request }) => {
    // `light` is not a permission (the access rule decided that): what a light user's result page is made of.
    const reader = { language: requestLanguage(request), light: principalOf(request).isLight };
    return new SerializedResponse(getAnalysis, await analysisDetailJson(ctx.db, params.envId, params.analysisId, reader));
  });

  registerEndpoint(app, ctx, abortAnalysis, async ({ params, request }) => {
    const row = await abortAnalysisRun(ctx.db, params.envId, params.analysisId, principalOf(request).username);
    audit(request, row.id);
    return summaryOf(row);
  });

  registerEndpoint(app, ctx, reanalyze, async ({ params, request }) => {
    const row = await reanalyzeAnalysis(ctx.db, params.envId, params.analysisId);
    audit(request, row.id);
    return summaryOf(row);
  });

  registerEndpoint(app, ctx, downloadAnalysisFile, async ({ params, reply }) => {
    const file = await loadDownload(ctx.db, params.envId, params.analysisId, params.fileId);
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', file.disposition)
      // Someone's mail: never left in a browser's or a proxy's cache after retention or deletion.
      .header('cache-control', 'no-store');
    return file.content;
  });

  registerEndpoint(app, ctx, deleteAnalysis, async ({ params, request }) => {
    await deleteAnalysisRecord(ctx.db, params.envId, params.analysisId);
    audit(request, params.analysisId);
  });
}

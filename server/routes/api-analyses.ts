/**
 * Analyses for programs (spec §7.3), authenticated by an access key of the environment in the path
 * (server/auth/guard.ts records the key's last use): create (multipart, or a mail as JSON), read the
 * status and the output payload, and the manual final status PATCH (§4).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  apiCreateAnalysis,
  apiFinishAnalysis,
  apiGetAnalysis,
  apiSimulateMail,
} from '../../src/contract/analyses';
import { setFinalStatus } from '../analyses/actions';
import { createAnalysisRecord } from '../analyses/create';
import { analysisStatusReportJson } from '../analyses/detail';
import { composeSimulatedMail } from '../analyses/simulated-mail';
import { readAnalysisUpload } from '../analyses/upload';
import { summaryOf } from '../analyses/views';
import type { ApiClient } from '../auth/access-keys';
import type { ServerContext } from '../context';
import { accessKeys } from '../db/schema';
import { requestLanguage } from '../i18n/error-messages';
import { registerEndpoint, SerializedResponse } from './register';

function clientOf(request: FastifyRequest): ApiClient {
  if (request.apiClient === null) throw new Error('An access-key route ran without its client');
  return request.apiClient;
}

export function registerApiAnalysisRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, apiCreateAnalysis, async ({ params, request, reply }) => {
    const upload = await readAnalysisUpload(request);
    const row = await createAnalysisRecord(ctx.db, {
      ...upload,
      environmentId: params.envId,
      createdByKeyId: clientOf(request).keyId,
    });
    reply.code(201);
    return summaryOf(row);
  });

  registerEndpoint(
    app,
    ctx,
    apiSimulateMail,
    async ({ params, body, request, reply }) => {
      const mail = await composeSimulatedMail(body);
      const row = await createAnalysisRecord(ctx.db, {
        ...mail,
        environmentId: params.envId,
        manualFinalStatus: body.manualFinalStatus,
        createdByKeyId: clientOf(request).keyId,
      });
      reply.code(201);
      return summaryOf(row);
    },
  );

  registerEndpoint(app, ctx, apiGetAnalysis, async ({ params, request }) =>
    new SerializedResponse(apiGetAnalysis, await analysisStatusReportJson(ctx.db, params.envId, params.analysisId, requestLanguage(request))),
  );

  registerEndpoint(app, ctx, apiFinishAnalysis, async ({ params, body, request }) => {
    const { keyId } = clientOf(request);
    const [key] = await ctx.db.select({ name: accessKeys.name }).from(accessKeys).where(eq(accessKeys.id, keyId));
    await setFinalStatus(ctx.db, params.envId, params.analysisId, body, key?.name ?? keyId);
    return new SerializedResponse(apiFinishAnalysis, await analysisStatusReportJson(ctx.db, params.envId, params.analysisId, requestLanguage(request)));
  });
}

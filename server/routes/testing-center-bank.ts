/**
 * The testing center's message bank (src/contract/testing-center-bank.ts): list, import,
 * files, tags, deletion, qualification, sets, parameters, "add to testing center" and sampling.
 * The work is in server/testing-center/; these handlers read the request and the caller's scope.
 */
import type { FastifyInstance } from 'fastify';
import { atLeast } from '../../src/contract/define';
import {
  addAnalysisToBank,
  bankSetMessageIds,
  createBankSet,
  deleteBankMessages,
  deleteBankSet,
  downloadBankFile,
  getBankMessage,
  getTestingCenterParameters,
  importBankMessage,
  latestObtainedValues,
  listBankMessages,
  listBankSets,
  listBankTags,
  getLabellingVocabulary,
  previewSampling,
  qualifyBankMessage,
  runSampling,
  saveTestingCenterParameters,
  tagBankMessages,
} from '../../src/contract/testing-center-bank';
import { findOpenableAnalysisWithResults } from '../analyses/lookup';
import { readAnalysisUpload } from '../analyses/upload';
import { auditTarget } from '../audit';
import { principalOf } from '../auth/guard';
import type { Scope } from '../auth/permissions';
import type { ServerContext } from '../context';
import { analysesInBank, copyAnalysisToBank } from '../testing-center/from-analysis';
import { latestObtainedValues as readLatestObtained } from '../testing-center/latest-obtained';
import { listBankPage, listTags } from '../testing-center/list';
import { deleteMessages, loadBankFile, loadBankMessage, saveExpected, tagMessages } from '../testing-center/messages';
import { readParameters, saveParameters } from '../testing-center/parameters';
import { pickVisible, visibleKinds } from '../testing-center/run-views';
import { previewSample, runSample } from '../testing-center/sampling';
import { createSet, deleteSet, listSets, setMessageStates } from '../testing-center/sets';
import { environmentVocabulary } from '../testing-center/vocabulary';
import { bankSummaryOf, insertBankMessage } from '../testing-center/store';
import { registerEndpoint } from './register';

/** The project the access rule resolved (every rule of these endpoints is scoped to one). */
const projectOf = (scope: Scope): string => scope.projectId!;
/** Private classification kinds are for configurators (contract header). */
const seesPrivate = (scope: Scope): boolean => scope.rights !== null && atLeast(scope.rights.profile, 'configurator');

export function registerTestingCenterBankRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const audit = (request: Parameters<typeof auditTarget>[0], type: string, id: string) => auditTarget(request, { type, id });

  registerEndpoint(app, ctx, listBankMessages, ({ scope, query }) => listBankPage(ctx.db, projectOf(scope), query));

  registerEndpoint(app, ctx, importBankMessage, async ({ scope, query, request, reply }) => {
    const upload = await readAnalysisUpload(request);
    const projectId = projectOf(scope);
    const row = await insertBankMessage(
      ctx.db,
      { projectId, name: upload.name, main: upload.main, attachments: upload.attachments, tags: query.tags ?? [], source: 'import' },
      await readParameters(ctx.db, projectId),
    );
    audit(request, 'bankMessage', row.id);
    reply.code(201);
    return bankSummaryOf(row);
  });

  registerEndpoint(app, ctx, getBankMessage, ({ scope, params }) => loadBankMessage(ctx.db, projectOf(scope), params.messageId, seesPrivate(scope)));

  registerEndpoint(app, ctx, downloadBankFile, async ({ scope, params, reply }) => {
    const file = await loadBankFile(ctx.db, projectOf(scope), params.messageId, params.fileId);
    reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      // Someone's mail: never left in a browser's or a proxy's cache.
      .header('cache-control', 'no-store');
    return file.content;
  });

  registerEndpoint(app, ctx, deleteBankMessages, async ({ scope, body, request }) => {
    const deleted = await deleteMessages(ctx.db, projectOf(scope), body.messageIds);
    audit(request, 'bankMessages', body.messageIds.slice(0, 20).join(','));
    return { deleted };
  });

  registerEndpoint(app, ctx, tagBankMessages, async ({ scope, body }) => ({
    updated: await tagMessages(ctx.db, projectOf(scope), body.messageIds, body.add, body.remove),
  }));

  registerEndpoint(app, ctx, listBankTags, async ({ scope }) => ({ tags: await listTags(ctx.db, projectOf(scope)) }));

  registerEndpoint(app, ctx, qualifyBankMessage, async ({ scope, params, body, request }) => {
    const projectId = projectOf(scope);
    await saveExpected(ctx.db, projectId, params.messageId, body.expected, principalOf(request).userId ?? null, seesPrivate(scope));
    audit(request, 'bankMessage', params.messageId);
    return loadBankMessage(ctx.db, projectId, params.messageId, seesPrivate(scope));
  });

  registerEndpoint(app, ctx, latestObtainedValues, async ({ scope, params }) => {
    const projectId = projectOf(scope);
    // 404 for a message of another project, before asking the runs.
    await loadBankMessage(ctx.db, projectId, params.messageId, false);
    const latest = await readLatestObtained(ctx.db, projectId, params.messageId);
    if (latest === null) return { obtained: null, run: null };
    // Private kinds stay out below configurator, as in the run's own answer (run-views.ts).
    const visible = visibleKinds(await readParameters(ctx.db, projectId), scope.rights);
    return { obtained: pickVisible(latest.obtained, visible), run: latest.run };
  });

  registerEndpoint(app, ctx, listBankSets, async ({ scope }) => ({ sets: await listSets(ctx.db, projectOf(scope)) }));

  registerEndpoint(app, ctx, createBankSet, async ({ scope, body, request, reply }) => {
    const set = await createSet(ctx.db, projectOf(scope), body);
    audit(request, 'bankSet', set.id);
    reply.code(201);
    return set;
  });

  registerEndpoint(app, ctx, deleteBankSet, async ({ scope, params, request, reply }) => {
    await deleteSet(ctx.db, projectOf(scope), params.setId);
    audit(request, 'bankSet', params.setId);
    reply.code(204);
  });

  registerEndpoint(app, ctx, bankSetMessageIds, ({ scope, params }) => setMessageStates(ctx.db, projectOf(scope), params.setId));

  registerEndpoint(app, ctx, getTestingCenterParameters, ({ scope }) => readParameters(ctx.db, projectOf(scope)));

  registerEndpoint(app, ctx, saveTestingCenterParameters, async ({ scope, body, request }) => {
    const saved = await saveParameters(ctx.db, projectOf(scope), body);
    audit(request, 'testingCenterParameters', projectOf(scope));
    return saved;
  });

  registerEndpoint(app, ctx, addAnalysisToBank, async ({ scope, params, body, request, reply }) => {
    const projectId = projectOf(scope);
    const analysis = await findOpenableAnalysisWithResults(ctx.db, params.envId, params.analysisId);
    const existing = (await analysesInBank(ctx.db, projectId, [analysis.id])).get(analysis.id);
    if (existing !== undefined) return { message: bankSummaryOf(existing), alreadyInBank: true };
    const row = await copyAnalysisToBank(ctx.db, projectId, analysis, {
      tags: body.tags,
      source: 'analysis',
      parameters: await readParameters(ctx.db, projectId),
    });
    audit(request, 'bankMessage', row.id);
    reply.code(201);
    return { message: bankSummaryOf(row), alreadyInBank: false };
  });

  registerEndpoint(app, ctx, getLabellingVocabulary, ({ params }) => environmentVocabulary(ctx.db, params.envId));

  registerEndpoint(app, ctx, previewSampling, ({ scope, params, body }) => previewSample(ctx.db, projectOf(scope), params.envId, body));

  registerEndpoint(app, ctx, runSampling, async ({ scope, params, body, request }) => {
    const { tags, ...criteria } = body;
    const result = await runSample(ctx.db, projectOf(scope), params.envId, criteria, tags);
    audit(request, 'bankSampling', params.envId);
    return result;
  });
}

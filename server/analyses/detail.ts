/**
 * One analysis as the API answers it: the console's detail (files without their bytes, results,
 * trace, delivery attempts) and a program's status report (the output payload). The results and
 * payloads are read as JSON bytes and the answer is made in a module worker
 * (module-workers/analysis-answer-task.ts): this thread never decodes or encodes what a sender's
 * mail made them.
 */
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { jsonBytesOf } from '../db/jsonb-parts';
import type { AnalysisErrorCode } from '../../src/contract/analyses';
import type { Database } from '../db/open';
import { analyses, analysisFiles, analysisTrace, webhookDeliveries } from '../db/schema';
import type { Language } from '../i18n/error-messages';
import { sharedModulePool } from '../module-workers/module-pool';
import { serializedAnswer } from '../module-workers/serialized-answer';
import type { ModuleTask } from '../module-workers/protocol';
import { ownBuffers, plainBytes } from '../module-workers/held-json';
import { ANALYSIS_HEAD, analysisAnonymized, analysisNotFound, analysisOfEnvironment } from './lookup';

/** Why an answer too large to build is refused (503): the console says so in the reader's language. */
const TOO_LARGE: AnalysisErrorCode = 'analysisTooLarge';

const { payload: _payload, ...deliveryColumns } = getTableColumns(webhookDeliveries);

/** The buffers of bytes read for one answer only: handed to its worker, not copied. */

/** Who reads: their language (`requestLanguage`), and whether they are a light user (their result page only). */
export interface Reader {
  language: Language;
  light: boolean;
}

/** The detail endpoint's body as UTF-8 JSON; 404 when not in this environment, 409 once anonymized. */
export async function analysisDetailJson(db: Database, environmentId: string, analysisId: string, reader: Reader): Promise<Buffer> {
  const [row] = await db
    .select({ ...ANALYSIS_HEAD, modulesJson: jsonBytesOf<never>(analyses.modules) })
    .from(analyses)
    .where(analysisOfEnvironment(environmentId, analysisId));
  if (row === undefined) throw analysisNotFound();
  if (row.anonymizedAt !== null) throw analysisAnonymized();
  const { modulesJson, ...head } = row;
  const [files, trace, deliveries] = await Promise.all([
    db
      .select({ id: analysisFiles.id, role: analysisFiles.role, name: analysisFiles.name, contentType: analysisFiles.contentType, size: analysisFiles.size, sha256: analysisFiles.sha256 })
      .from(analysisFiles)
      .where(eq(analysisFiles.analysisId, row.id))
      .orderBy(asc(analysisFiles.position)),
    // A light user's page has neither: not read at all.
    reader.light
      ? []
      : db
          .select()
          .from(analysisTrace)
          .where(eq(analysisTrace.analysisId, row.id))
          .orderBy(asc(analysisTrace.run), asc(analysisTrace.step), asc(analysisTrace.startedAt)),
    reader.light
      ? []
      : db
          .select({ ...deliveryColumns, payloadJson: jsonBytesOf(webhookDeliveries.payload) })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.analysisId, row.id))
          .orderBy(asc(webhookDeliveries.scheduledAt), asc(webhookDeliveries.attempt)),
  ]);
  const task = {
    kind: 'analysisDetail',
    row: head,
    modulesJson: plainBytes(modulesJson),
    files,
    trace,
    deliveries: deliveries.map((delivery) => ({ ...delivery, payloadJson: delivery.payloadJson && plainBytes(delivery.payloadJson) })),
    ...reader,
  } satisfies ModuleTask;
  return serializedAnswer(await sharedModulePool().run(task, { transfer: ownBuffers([task.modulesJson, ...task.deliveries.map((delivery) => delivery.payloadJson)]) }), TOO_LARGE);
}

/** A program's status report as UTF-8 JSON: only the output module's result is read, as bytes. */
export async function analysisStatusReportJson(db: Database, environmentId: string, analysisId: string, language: Language): Promise<Buffer> {
  const [row] = await db
    .select({
      ...ANALYSIS_HEAD,
      // The first output module's result, as `modules.find(type === 'output').result` would give.
      outputJson: jsonBytesOf(sql`jsonb_path_query_first(${analyses.modules}, '$[*] ? (@.type == "output").result')`),
    })
    .from(analyses)
    .where(analysisOfEnvironment(environmentId, analysisId));
  if (row === undefined) throw analysisNotFound();
  const { outputJson, ...head } = row;
  const task = { kind: 'analysisStatusReport', row: head, outputJson: outputJson && plainBytes(outputJson), language } satisfies ModuleTask;
  return serializedAnswer(await sharedModulePool().run(task, { transfer: ownBuffers([task.outputJson]) }), TOO_LARGE);
}

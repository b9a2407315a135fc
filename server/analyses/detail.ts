/** One analysis with its files (without their bytes), trace and delivery attempts. */
import { asc, eq } from 'drizzle-orm';
import type { AnalysisDetail } from '../../src/contract/analyses';
import type { ModuleType } from '../../src/contract/environment-modules';
import type { Database } from '../db/open';
import { analysisFiles, analysisTrace, webhookDeliveries } from '../db/schema';
import type { AnalysisRow } from './create';
import { detailOf, type Translate } from './views';

/** `translate`: the caller's language (`translatorFor(request.headers['accept-language'])`). */
export async function loadAnalysisDetail(db: Database, row: AnalysisRow, translate: Translate): Promise<AnalysisDetail> {
  const [files, trace, deliveries] = await Promise.all([
    db
      .select({
        id: analysisFiles.id,
        role: analysisFiles.role,
        name: analysisFiles.name,
        contentType: analysisFiles.contentType,
        size: analysisFiles.size,
        sha256: analysisFiles.sha256,
      })
      .from(analysisFiles)
      .where(eq(analysisFiles.analysisId, row.id))
      .orderBy(asc(analysisFiles.position)),
    db
      .select()
      .from(analysisTrace)
      .where(eq(analysisTrace.analysisId, row.id))
      .orderBy(asc(analysisTrace.run), asc(analysisTrace.step), asc(analysisTrace.startedAt)),
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.analysisId, row.id))
      .orderBy(asc(webhookDeliveries.scheduledAt), asc(webhookDeliveries.attempt)),
  ]);
  return detailOf(row, files, trace, deliveries, translate);
}

/** The modules whose results the self-service result page shows: categories, extracted data, reply drafts. */
const LIGHT_MODULE_TYPES: ReadonlySet<ModuleType> = new Set(['categorization', 'consolidation', 'extraction', 'replyTemplate']);

/**
 * The detail a light user reads (issue 22, "no trace, no module internals"): the same answer without
 * the trace, the webhook deliveries or the other modules' results (the extractor's text, NLU matches,
 * vision, the output payload). Full-console readers of the same use case get it whole.
 */
export function lightDetailOf(detail: AnalysisDetail): AnalysisDetail {
  return { ...detail, trace: [], deliveries: [], modules: detail.modules.filter((module) => LIGHT_MODULE_TYPES.has(module.type)) };
}

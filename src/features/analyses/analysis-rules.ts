/**
 * §4 rules of the result screen's actions: abort only while running, reanalyze only once finished and
 * never once anonymized, delete for configurators. Each refusal comes with the key of the reason the
 * disabled button's tooltip shows.
 */
import { FINISHED_STATUSES, type AnalysisSummary } from '../../contract/analyses';
import type { ProjectProfile } from '../../contract/define';

export type RefusalReason = 'finished' | 'processing' | 'anonymized' | 'qualifier' | 'configurator';
export type Verdict = { allowed: true } | { allowed: false; reason: RefusalReason };

const RANK: Record<ProjectProfile, number> = { noAccess: 0, cockpit: 1, qualifier: 2, configurator: 3 };
const ok: Verdict = { allowed: true };
const no = (reason: RefusalReason): Verdict => ({ allowed: false, reason });

type Subject = Pick<AnalysisSummary, 'status' | 'anonymizedAt'>;

export function canAbort(analysis: Subject, profile: ProjectProfile): Verdict {
  if (RANK[profile] < RANK.qualifier) return no('qualifier');
  if (FINISHED_STATUSES.includes(analysis.status)) return no('finished');
  return ok;
}

export function canReanalyze(analysis: Subject, profile: ProjectProfile): Verdict {
  if (RANK[profile] < RANK.qualifier) return no('qualifier');
  if (analysis.anonymizedAt !== null) return no('anonymized');
  if (!FINISHED_STATUSES.includes(analysis.status)) return no('processing');
  return ok;
}

export function canDelete(_analysis: Subject, profile: ProjectProfile): Verdict {
  return RANK[profile] < RANK.configurator ? no('configurator') : ok;
}

export function canDownload(analysis: Subject): Verdict {
  return analysis.anonymizedAt !== null ? no('anonymized') : ok;
}

export function canCreate(profile: ProjectProfile): Verdict {
  return RANK[profile] < RANK.qualifier ? no('qualifier') : ok;
}

export function canTestExtractor(profile: ProjectProfile): Verdict {
  return RANK[profile] < RANK.configurator ? no('configurator') : ok;
}

/**
 * §4 rules of the result screen's actions: abort only while running, reanalyze only once finished and
 * never once anonymized, delete for configurators. Who may is the endpoints' access rule, the one the
 * server applies (so provider SRE gets reanalyze and abort, not delete). Each refusal comes with the
 * key of the reason the disabled button's tooltip shows.
 */
import {
  abortAnalysis,
  createAnalysis,
  deleteAnalysis,
  FINISHED_STATUSES,
  reanalyze,
  testExtractor,
  type AnalysisSummary,
} from '../../contract/analyses';
import { mayCall, type ProjectRights } from '../../contract/define';

export type RefusalReason = 'finished' | 'processing' | 'anonymized' | 'qualifier' | 'configurator';
export type Verdict = { allowed: true } | { allowed: false; reason: RefusalReason };

const ok: Verdict = { allowed: true };
const no = (reason: RefusalReason): Verdict => ({ allowed: false, reason });

type Subject = Pick<AnalysisSummary, 'status' | 'anonymizedAt'>;
/** The caller's rights on the project (undefined while loading): the endpoints' own access rules decide. */
type Rights = ProjectRights | undefined;

export function canAbort(analysis: Subject, rights: Rights): Verdict {
  if (!mayCall(abortAnalysis, rights)) return no('qualifier');
  if (FINISHED_STATUSES.includes(analysis.status)) return no('finished');
  return ok;
}

export function canReanalyze(analysis: Subject, rights: Rights): Verdict {
  if (!mayCall(reanalyze, rights)) return no('qualifier');
  if (analysis.anonymizedAt !== null) return no('anonymized');
  if (!FINISHED_STATUSES.includes(analysis.status)) return no('processing');
  return ok;
}

export function canDelete(_analysis: Subject, rights: Rights): Verdict {
  return mayCall(deleteAnalysis, rights) ? ok : no('configurator');
}

export function canDownload(analysis: Subject): Verdict {
  return analysis.anonymizedAt !== null ? no('anonymized') : ok;
}

export function canCreate(rights: Rights): Verdict {
  return mayCall(createAnalysis, rights) ? ok : no('qualifier');
}

export function canTestExtractor(rights: Rights): Verdict {
  return mayCall(testExtractor, rights) ? ok : no('configurator');
}

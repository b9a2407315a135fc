/**
 * The documents tab's evidence: the analysis's documents with what fed its categories, fields and
 * parameters marked (src/ui/evidence), built from the result the page already holds.
 */
import { useMemo } from 'react';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ModuleResult } from '../../contract/analyses';
import { analysisEvidence } from '../../analyses/evidence';
import { EvidenceView } from '../../ui/evidence/evidence-view';

export function AnalysisEvidence({ modules }: { modules: readonly ModuleResult[] }) {
  const { t } = useTranslation('analyses');
  const evidence = useMemo(() => analysisEvidence(modules), [modules]);
  if (evidence) return <EvidenceView evidence={evidence} />;
  const extracted = modules.some((module) => module.type === 'extractor' && module.result !== null && module.result !== undefined);
  return <p className={Classes.TEXT_MUTED}>{t(extracted ? 'evidence.unreadable' : 'evidence.noDocuments')}</p>;
}

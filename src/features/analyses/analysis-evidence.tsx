/**
 * The documents tab's evidence: the analysis's documents with what fed its categories, fields and
 * parameters marked (src/ui/evidence), built from the result the page already holds. A PDF or a
 * picture uploaded as a file of the analysis can also be shown as its pages or as the picture (with
 * the boxes of the OCR words its evidence came from), fetched when asked for.
 */
import { useCallback, useMemo } from 'react';
import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { downloadAnalysisFile, type AnalysisDetail } from '../../contract/analyses';
import { download } from '../../api/request';
import { analysisEvidence, type DocumentEvidence } from '../../analyses/evidence';
import { EvidenceView } from '../../ui/evidence/evidence-view';
import { pictureTypeOf } from '../../ui/evidence/picture-type';
import { canDownload } from './analysis-rules';

export function AnalysisEvidence({ analysis, envId }: { analysis: AnalysisDetail; envId: string }) {
  const { t } = useTranslation('analyses');
  const { modules } = analysis;
  const evidence = useMemo(() => analysisEvidence(modules), [modules]);
  const downloadable = canDownload(analysis).allowed;
  const originalOf = useCallback(
    (document: DocumentEvidence) => {
      const { fileId } = document;
      // Only a file of the analysis itself: a PDF or a picture inside a mail is not a file of its own to fetch.
      const drawable = document.contentType === 'application/pdf' || pictureTypeOf(document) !== null;
      if (!downloadable || fileId === null || document.path.length !== 1 || !drawable) return null;
      return async () => {
        const { blob } = await download(downloadAnalysisFile, { params: { envId, analysisId: analysis.id, fileId } });
        return new Uint8Array(await blob.arrayBuffer());
      };
    },
    [downloadable, envId, analysis.id],
  );
  if (evidence) return <EvidenceView evidence={evidence} originalOf={originalOf} />;
  const extracted = modules.some((module) => module.type === 'extractor' && module.result !== null && module.result !== undefined);
  return <p className={Classes.TEXT_MUTED}>{t(extracted ? 'evidence.unreadable' : 'evidence.noDocuments')}</p>;
}

/**
 * The documents' text with their evidence marked: each run of words that fed a category, a field or a
 * parameter is a focusable mark carrying the positions of what it fed (`data-items`), coloured by the
 * strongest of them; runs the NLU only labelled are underlined with their archetype's colour. Drawn
 * once per result: choosing something toggles classes on the marks (evidence-view.tsx) instead of
 * drawing the text again, which a long mail would feel. A document may be drawn otherwise (`drawn`:
 * a PDF's pages) with a switch in its heading.
 */
import { memo, type ReactNode } from 'react';
import { Classes, H5, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AnalysisEvidence, BlockEvidence, DocumentEvidence, EvidenceKind } from '../../analyses/evidence';
import { archetypeColour } from '../labelling-view';
import { evidenceKindOf } from './evidence-kind';

function BlockText({ document, block, kinds }: { document: number; block: BlockEvidence; kinds: readonly EvidenceKind[] }) {
  return (
    <p className="p-evidence__text" data-testid="evidence-block">
      {block.segments.map((segment) => {
        const words = block.text.slice(segment.start, segment.end);
        if (segment.items.length > 0) {
          const kind = evidenceKindOf(segment.items.map((index) => kinds[index]!));
          return (
            <mark
              key={segment.start}
              className={`p-evidence__mark p-evidence__mark--${kind}`}
              data-at={`${document}:${block.block}:${segment.start}`}
              data-items={segment.items.join(' ')}
              data-labels={segment.labels.join(' ')}
              tabIndex={0}
              role="button"
            >
              {words}
            </mark>
          );
        }
        if (segment.labels.length > 0) {
          return (
            <span
              key={segment.start}
              className="p-evidence__label"
              data-labels={segment.labels.join(' ')}
              title={segment.labels.join(' · ')}
              style={{ borderBottomColor: archetypeColour(segment.labels[0]!) }}
            >
              {words}
            </span>
          );
        }
        return <span key={segment.start}>{words}</span>;
      })}
    </p>
  );
}

function DocumentText({ document, kinds }: { document: DocumentEvidence; kinds: readonly EvidenceKind[] }) {
  const { t } = useTranslation('analyses');
  if (document.blocks.length === 0) return <p className={Classes.TEXT_MUTED}>{t('extracted.noText')}</p>;
  return (
    <>
      {document.blocks.map((block, index) => (
        <div key={block.block} className="p-evidence__block" data-block-page={block.page ?? ''}>
          {block.page !== null && block.page !== document.blocks[index - 1]?.page && <div className={Classes.TEXT_MUTED}>{t('extracted.page', { page: block.page })}</div>}
          <BlockText document={document.document} block={block} kinds={kinds} />
        </div>
      ))}
    </>
  );
}

export interface DocumentDrawing {
  /** A switch between the text and another drawing, in the document's heading. */
  switch: ReactNode;
  /** The other drawing when chosen, else null (the text). */
  drawn: ReactNode | null;
}

export const EvidenceText = memo(function EvidenceText({ evidence, drawingOf }: { evidence: AnalysisEvidence; drawingOf?: (document: DocumentEvidence) => DocumentDrawing | null }) {
  const { t } = useTranslation('analyses');
  const kinds = evidence.items.map((item) => item.kind);
  return (
    <>
      {evidence.documents.map((document) => {
        const drawing = drawingOf?.(document) ?? null;
        return (
          <section key={document.document} className="p-evidence__document" data-testid="evidence-document" data-document={document.name} data-index={document.document}>
            <H5 className="p-evidence__heading">
              <span>{document.name}</span> <Tag minimal>{t(`extracted.source.${document.source}`)}</Tag>
              {drawing?.switch}
            </H5>
            {document.path.length > 1 && <p className={Classes.TEXT_MUTED}>{t('extracted.pathLine', { path: document.path.join(' › ') })}</p>}
            {drawing?.drawn ?? <DocumentText document={document} kinds={kinds} />}
          </section>
        );
      })}
    </>
  );
});

/**
 * The documents' text with their evidence marked: each run of words that fed a category, a field or a
 * parameter is a focusable mark carrying the indexes of what it fed (`data-items`), coloured by the
 * strongest of them (category, then field, then parameter); runs the NLU only labelled are underlined
 * with their archetype's colour. Drawn once per result: selecting something toggles classes on the
 * marks (evidence-view.tsx) instead of drawing the text again, which a long mail would feel.
 */
import { memo } from 'react';
import { Classes, H5, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AnalysisEvidence, BlockEvidence, EvidenceKind } from '../../analyses/evidence';
import { archetypeColour } from '../labelling-view';

const STRENGTH: readonly EvidenceKind[] = ['category', 'field', 'parameter'];

function BlockText({ document, block, kindOf, indexOf }: { document: number; block: BlockEvidence; kindOf: (id: string) => EvidenceKind; indexOf: ReadonlyMap<string, number> }) {
  return (
    <p className="p-evidence__text" data-testid="evidence-block">
      {block.segments.map((segment) => {
        const words = block.text.slice(segment.start, segment.end);
        if (segment.items.length > 0) {
          const kinds = new Set(segment.items.map(kindOf));
          const kind = STRENGTH.find((candidate) => kinds.has(candidate))!;
          return (
            <mark
              key={segment.start}
              className={`p-evidence__mark p-evidence__mark--${kind}`}
              data-at={`${document}:${block.block}:${segment.start}`}
              data-items={segment.items.map((id) => indexOf.get(id)).join(' ')}
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

export const EvidenceText = memo(function EvidenceText({ evidence }: { evidence: AnalysisEvidence }) {
  const { t } = useTranslation('analyses');
  const indexOf = new Map(evidence.items.map((item, index) => [item.id, index]));
  const kinds = new Map(evidence.items.map((item) => [item.id, item.kind]));
  const kindOf = (id: string) => kinds.get(id) ?? 'parameter';
  return (
    <>
      {evidence.documents.map((document) => (
        <section key={document.document} className="p-evidence__document" data-testid="evidence-document" data-document={document.name}>
          <H5 className="p-evidence__heading">
            <span>{document.name}</span> <Tag minimal>{t(`extracted.source.${document.source}`)}</Tag>
          </H5>
          {document.path.length > 1 && <p className={Classes.TEXT_MUTED}>{t('extracted.pathLine', { path: document.path.join(' › ') })}</p>}
          {document.blocks.length === 0 && <p className={Classes.TEXT_MUTED}>{t('extracted.noText')}</p>}
          {document.blocks.map((block, index) => (
            <div key={block.block} data-page={block.page ?? ''}>
              {block.page !== null && block.page !== document.blocks[index - 1]?.page && <div className={Classes.TEXT_MUTED}>{t('extracted.page', { page: block.page })}</div>}
              <BlockText document={document.document} block={block} kindOf={kindOf} indexOf={indexOf} />
            </div>
          ))}
        </section>
      ))}
    </>
  );
});

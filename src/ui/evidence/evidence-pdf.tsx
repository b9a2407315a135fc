/**
 * A PDF document of the evidence view drawn as its pages (pdf.js, the files viewer's PDF view), with
 * the words its evidence came from marked on the page they were read on: in the page's text layer,
 * or, on a page read by OCR (a scan has no text layer), as the kept OCR words' boxes. The original file is
 * fetched when the reader asks for the pages; the PDF view and pdf.js load with it, not with the page.
 */
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { DocumentEvidence, EvidenceKind } from '../../analyses/evidence';
import type { PdfMark } from '../file-views/pdf-highlight';
import { Spinner } from '../spinner';
import { evidenceKindOf } from './evidence-kind';
import { useOriginal } from './use-original';
import { EvidenceBoxes } from './evidence-boxes';

const PdfView = lazy(() => import('../file-views/pdf-view').then((module) => ({ default: module.PdfView })));

/** Each page's marked words, with what they fed; the chosen line's words drawn as chosen. */
export function pageMarks(document: DocumentEvidence, kinds: readonly EvidenceKind[], selected: number | null): Map<number, PdfMark[]> {
  const pages = new Map<number, PdfMark[]>();
  for (const block of document.blocks) {
    const page = block.page ?? 1;
    for (const segment of block.segments) {
      if (segment.items.length === 0) continue;
      const items = segment.items.map(Number);
      const kind = evidenceKindOf(items.map((index) => kinds[index]!));
      const chosen = selected !== null && items.includes(selected) ? ' is-selected' : '';
      const marks = pages.get(page) ?? [];
      marks.push({ words: block.text.slice(segment.start, segment.end), className: `p-evidence__mark p-evidence__mark--${kind}${chosen}`, data: { items: items.join(' '), labels: segment.labels.join(' ') } });
      pages.set(page, marks);
    }
  }
  return pages;
}

export function EvidencePdf({ document, load, kinds, selected }: { document: DocumentEvidence; load: () => Promise<Uint8Array>; kinds: readonly EvidenceKind[]; selected: number | null }) {
  const { t } = useTranslation('analyses');
  const original = useOriginal(load);
  const marks = useMemo(() => pageMarks(document, kinds, selected), [document, kinds, selected]);
  const overlays = useMemo(
    () => new Map<number, ReactNode>(document.boxes.map(({ page, boxes }) => [page, <EvidenceBoxes document={document.document} boxes={boxes} kinds={kinds} selected={selected} />])),
    [document, kinds, selected],
  );
  if (original.failed) {
    return (
      <Callout intent="warning" title={t('evidence.pagesFailed')}>
        <Button text={t('evidence.retry')} onClick={original.retry} />
      </Callout>
    );
  }
  const loading = <Spinner size={20} aria-label={t('evidence.pagesLoading')} />;
  if (!original.bytes) return loading;
  return (
    <Suspense fallback={loading}>
      <PdfView bytes={original.bytes} name={document.name} marks={marks} overlays={overlays} />
    </Suspense>
  );
}

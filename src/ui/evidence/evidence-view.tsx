/**
 * One view of an analysis's evidence: its documents' text with what fed each decision marked, beside a
 * panel of the categories, extracted fields and NLU parameters. Choosing a line of the panel scrolls
 * to its words and marks them (again: its next place); choosing marked words says what they fed.
 * Everything is read from the result, so it works offline on a result already opened.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Button, ButtonGroup, Callout, Classes, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { AnalysisEvidence, DocumentEvidence, EvidenceItem, EvidenceKind } from '../../analyses/evidence';
import { EvidenceText, type DocumentDrawing } from './evidence-text';
import { EvidencePdf } from './evidence-pdf';
import { EvidenceImage } from './evidence-image';
import { pictureTypeOf } from './picture-type';
import './evidence-view.css';

const GROUPS: readonly EvidenceKind[] = ['category', 'field', 'parameter'];

interface Picked {
  items: number[];
  labels: string[];
}

function useItemText() {
  const { t } = useTranslation('analyses');
  return (item: EvidenceItem) =>
    item.kind === 'category' ? t('evidence.fedCategory', { name: item.name }) : t(item.kind === 'field' ? 'evidence.fedField' : 'evidence.fedParameter', { name: item.name, value: item.value ?? '' });
}

function ItemLine({ item, documentName, selected, onSelect }: { item: EvidenceItem; documentName: string | null; selected: boolean; onSelect: () => void }) {
  const { t } = useTranslation('analyses');
  const via = item.via === null ? null : item.kind === 'category' ? t('evidence.viaRule', { rule: item.via }) : item.via === 'ocr' ? t('evidence.viaOcr') : t('evidence.viaVision');
  return (
    <li>
      <Button minimal small alignText="left" className="p-evidence__item" active={selected} aria-pressed={selected} data-testid="evidence-item" data-kind={item.kind} data-name={item.name} onClick={onSelect}>
        <strong>{item.name}</strong>
        {item.value !== null && <> = {item.value}</>}
        <span className={Classes.TEXT_MUTED}>
          {via && <> — {via}</>}
          {documentName && <> — {documentName}</>}
          {' — '}
          {item.spans.length === 0 ? t('evidence.notInText') : t('evidence.places', { count: item.spans.length })}
        </span>
      </Button>
    </li>
  );
}

/** Where a document's original can be read (a PDF or a picture the reader may download): its loader, else null. */
export type OriginalOf = (document: DocumentEvidence) => (() => Promise<Uint8Array>) | null;

export function EvidenceView({ evidence, originalOf }: { evidence: AnalysisEvidence; originalOf?: OriginalOf }) {
  const { t } = useTranslation('analyses');
  const itemText = useItemText();
  const root = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<{ index: number; place: number } | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [status, setStatus] = useState('');
  const [pages, setPages] = useState<ReadonlySet<number>>(new Set());
  const severalDocuments = evidence.documents.length > 1;
  const kinds = useMemo(() => evidence.items.map((item) => item.kind), [evidence]);
  // One loader per document for the result's life: a new one would fetch the file again.
  const loaders = useMemo(() => new Map(evidence.documents.map((document) => [document.document, originalOf?.(document) ?? null])), [evidence, originalOf]);
  // The text is drawn once; only documents shown as pages follow the chosen line.
  const chosenOnPages = pages.size > 0 ? (selected?.index ?? null) : null;
  const drawingOf = useCallback(
    (document: DocumentEvidence): DocumentDrawing | null => {
      const load = loaders.get(document.document);
      if (!load) return null;
      const shown = pages.has(document.document);
      const picture = pictureTypeOf(document) !== null;
      const show = (asPages: boolean) =>
        setPages((current) => {
          const next = new Set(current);
          if (asPages) next.add(document.document);
          else next.delete(document.document);
          return next;
        });
      return {
        switch: (
          <ButtonGroup className="p-evidence__switch" role="group" aria-label={t('evidence.drawAs', { name: document.name })}>
            <Button small text={t('evidence.asText')} active={!shown} aria-pressed={!shown} onClick={() => show(false)} />
            <Button small text={t(picture ? 'evidence.asPicture' : 'evidence.asPages')} active={shown} aria-pressed={shown} onClick={() => show(true)} />
          </ButtonGroup>
        ),
        drawn: !shown ? null : picture ? (
          <EvidenceImage document={document} load={load} kinds={kinds} selected={chosenOnPages} />
        ) : (
          <EvidencePdf document={document} load={load} kinds={kinds} selected={chosenOnPages} />
        ),
      };
    },
    [loaders, pages, kinds, chosenOnPages, t],
  );
  const groups = useMemo(
    () => GROUPS.map((kind) => ({ kind, entries: evidence.items.map((item, index) => ({ item, index })).filter((entry) => entry.item.kind === kind) })),
    [evidence],
  );

  // The chosen line's marks, and the place shown, drawn by class: the text itself is not drawn again.
  useEffect(() => {
    const box = root.current;
    if (!box) return;
    for (const mark of box.querySelectorAll('.is-selected, .is-current')) mark.classList.remove('is-selected', 'is-current');
    if (selected === null) return;
    for (const mark of box.querySelectorAll(`[data-items~="${selected.index}"]`)) mark.classList.add('is-selected');
    const span = evidence.items[selected.index]?.spans[selected.place];
    if (!span) return;
    if (pages.has(span.document)) {
      // Drawn as a scan or a picture: the box of a word of its place, when OCR read it.
      const word = [...box.querySelectorAll<HTMLElement>(`[data-index="${span.document}"] mark[data-box][data-items~="${selected.index}"]`)].find((mark) => {
        const [, block, start, end] = (mark.dataset.box ?? '').split(':').map(Number);
        return block === span.block && start! < span.end && span.start < end!;
      });
      if (word) {
        word.classList.add('is-current');
        word.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
        word.focus({ preventScroll: true });
        return;
      }
      // Drawn as pages: its page is brought into view, where its words are marked once drawn.
      const page = evidence.documents[span.document]?.blocks[span.block]?.page ?? 1;
      box.querySelector(`[data-index="${span.document}"] .p-fv-pdf-page[data-page="${page}"]`)?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      return;
    }
    const mark = box.querySelector<HTMLElement>(`[data-at="${span.document}:${span.block}:${span.start}"]`);
    mark?.classList.add('is-current');
    mark?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    mark?.focus({ preventScroll: true });
  }, [selected, evidence, pages]);

  const select = (index: number) => {
    const item = evidence.items[index]!;
    const place = selected?.index === index && item.spans.length > 0 ? (selected.place + 1) % item.spans.length : 0;
    setSelected({ index, place });
    setStatus(item.spans.length === 0 ? t('evidence.notLocated', { name: itemText(item) }) : t('evidence.placeOf', { index: place + 1, total: item.spans.length, name: itemText(item) }));
  };

  const pick = (target: EventTarget | null) => {
    const words = (target as HTMLElement | null)?.closest<HTMLElement>('[data-items], [data-labels]');
    if (!words || !root.current?.contains(words)) return;
    const items = (words.dataset.items ?? '').split(' ').filter(Boolean).map(Number);
    const labels = (words.dataset.labels ?? '').split(' ').filter(Boolean);
    if (items.length === 0 && labels.length === 0) return;
    setPicked({ items, labels });
    setStatus(t('evidence.fedStatus', { words: words.textContent ?? '', list: [...items.map((index) => itemText(evidence.items[index]!)), ...labels.map((name) => t('evidence.fedLabel', { name }))].join(' ; ') }));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.key === 'Enter' || event.key === ' ') && (event.target as HTMLElement).matches('mark[data-at], mark[data-box]')) {
      event.preventDefault();
      pick(event.target);
    }
  };

  if (evidence.documents.length === 0) return <p className={Classes.TEXT_MUTED}>{t('evidence.noDocuments')}</p>;
  const documentName = (item: EvidenceItem) => (severalDocuments && item.document !== null ? (evidence.documents[item.document]?.name ?? null) : null);
  return (
    <div className="p-evidence" data-testid="evidence-view">
      <div className="p-evidence__documents" ref={root} onClick={(event: MouseEvent) => pick(event.target)} onKeyDown={onKeyDown}>
        <EvidenceText evidence={evidence} drawingOf={originalOf ? drawingOf : undefined} />
      </div>
      <aside className="p-evidence__panel" aria-label={t('evidence.panel')}>
        <p className={Classes.TEXT_MUTED}>{t('evidence.intro')}</p>
        <p className="p-evidence__status" role="status" data-testid="evidence-status">
          {status}
        </p>
        {picked && (
          <Callout compact title={t('evidence.fed')} data-testid="evidence-fed">
            <ul className="p-evidence__list">
              {picked.items.map((index) => (
                <li key={index}>
                  <Button minimal small text={itemText(evidence.items[index]!)} onClick={() => select(index)} />
                </li>
              ))}
              {picked.labels.map((name) => (
                <li key={name}>{t('evidence.fedLabel', { name })}</li>
              ))}
            </ul>
          </Callout>
        )}
        {evidence.items.length === 0 && <p className={Classes.TEXT_MUTED}>{t('evidence.none')}</p>}
        {groups.map(
          ({ kind, entries }) =>
            entries.length > 0 && (
              <section key={kind} data-testid={`evidence-${kind}`}>
                <H5>{t(`evidence.groups.${kind}`)}</H5>
                <ul className="p-evidence__list">
                  {entries.map(({ item, index }) => (
                    <ItemLine key={item.id} item={item} documentName={documentName(item)} selected={selected?.index === index} onSelect={() => select(index)} />
                  ))}
                </ul>
              </section>
            ),
        )}
      </aside>
    </div>
  );
}

/**
 * A PDF: pages rendered by pdf.js on canvas as they scroll into view, each with a selectable text
 * layer; zoom, page count, search in the text and a page jump. pdf.js runs with
 * `isEvalSupported: false`; no scripting (the viewer's scripting layer is never loaded).
 *
 * Speed: the view opens the document from the bytes at once, without waiting for the parse worker
 * (which only brings the metadata and embedded files), and draws one page at a time, so page 1 is
 * painted first. A page's text is read only when the page is shown (text layer) or searched.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, ControlGroup, InputGroup } from '@blueprintjs/core';
import { Spinner } from '../spinner';
import { NumericInput } from '../numeric-input';
import { useTranslation } from 'react-i18next';
import { getDocument, GlobalWorkerOptions, PDFWorker, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import 'pdfjs-dist/web/pdf_viewer.css';
import type { Attachment } from '../../parsing/model';
import { pageTextOf } from '../../parsing/pdf-text';
import { downloadBytes } from './open-files';
import { formatBytes } from '../format-bytes';
import { usePreferences } from '../../storage/preferences';
import { usePdfSearch } from './pdf-search';
import { OcrPanel } from './ocr-panel';
import { highlightMatches, pageInView, type PdfMark } from './pdf-highlight';
import './pdf-view.css';
import { DataTable } from '../data-table';

/** A page drawn at 300 dpi on a canvas of its own, for OCR (a scan shown on screen is too small to read well). */
async function renderForOcr(doc: PDFDocumentProxy, number: number) {
  const page = await doc.getPage(number);
  const viewport = page.getViewport({ scale: 300 / 72 });
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(viewport.width);
  canvas.height = Math.ceil(viewport.height);
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvasContext: context, viewport }).promise;
  return { image: canvas, width: canvas.width, height: canvas.height };
}

GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

/**
 * One pdf.js worker for every PDF of the viewer, started when the viewer opens (warmPdfWorker):
 * loading pdf.js's 1.4 MB worker takes ~150 ms that would otherwise come before page 1 of the first
 * PDF. Documents are destroyed with their view; the worker stays until the tab closes.
 */
let sharedWorker: PDFWorker | undefined;
const pdfWorker = () => (sharedWorker ??= new PDFWorker());
export function warmPdfWorker(): void {
  void pdfWorker().promise.catch(() => undefined);
}

/** One page at a time per document: the first visible page is never slowed by the ones after it. */
type Queue = { run<T>(job: () => Promise<T>): Promise<T> };
function serialQueue(): Queue {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(job) {
      const next = tail.then(job, job);
      tail = next.catch(() => undefined);
      return next;
    },
  };
}

type PageProps = {
  doc: PDFDocumentProxy;
  queue: Queue;
  number: number;
  scale: number;
  size: { width: number; height: number };
  query: string;
  marks: readonly PdfMark[];
  /** Drawn over the page, sized with it (the evidence's OCR word boxes on a scanned page). */
  overlay?: ReactNode;
  onPainted?: () => void;
};

const NO_MARKS: readonly PdfMark[] = [];

function PdfPage({ doc, queue, number, scale, size, query, marks, overlay, onPainted }: PageProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The canvas and text layer go in here, so redrawing them leaves the overlay alone.
  const drawing = useRef<HTMLDivElement>(null);
  // A new callback each render must not redraw the page.
  const paintedRef = useRef(onPainted);
  useEffect(() => {
    paintedRef.current = onPainted;
  });
  const [visible, setVisible] = useState(false);
  // The text layer, once drawn: search hits are marked in it.
  const [textLayer, setTextLayer] = useState<HTMLDivElement>();
  useEffect(() => {
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setVisible(true), { rootMargin: '400px' });
    if (ref.current) observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!visible || !ref.current || !drawing.current) return;
    const container = ref.current;
    const drawn = drawing.current;
    let cancelled = false;
    let cancelRender: (() => void) | undefined;
    void queue.run(async () => {
      if (cancelled) return;
      const page = await doc.getPage(number);
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      const canvas = document.createElement('canvas');
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${viewport.width}px`;
      canvas.style.height = `${viewport.height}px`;
      const task = page.render({ canvasContext: canvas.getContext('2d')!, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      cancelRender = () => task.cancel();
      await task.promise.catch(() => undefined);
      if (cancelled) return;
      const textLayer = document.createElement('div');
      textLayer.className = 'textLayer';
      drawn.replaceChildren(canvas, textLayer);
      container.style.setProperty('--scale-factor', String(scale));
      paintedRef.current?.();
      await new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport }).render();
      if (cancelled) return;
      container.dataset.rendered = 'true';
      setTextLayer(textLayer);
    });
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [visible, doc, queue, number, scale]);
  useEffect(() => {
    if (textLayer) highlightMatches(textLayer, query, marks);
  }, [textLayer, query, marks]);
  return (
    <div
      ref={ref}
      className="p-fv-pdf-page"
      data-page={number}
      style={{ width: size.width * scale, height: size.height * scale, position: 'relative', margin: '0 auto 12px', background: '#fff', boxShadow: '0 0 2px #888' }}
    >
      <div ref={drawing} />
      {overlay}
    </div>
  );
}

type Props = {
  bytes: Uint8Array;
  name: string;
  /** The embedded files, once the parse worker has listed them. */
  attachments?: Attachment[];
  blobs?: Uint8Array[];
  /** Called once page 1 is drawn. */
  onFirstPaint?: () => void;
  /** Words to mark on each page (page number → marks): the evidence a result found there. */
  marks?: ReadonlyMap<number, readonly PdfMark[]>;
  /** What to draw over each page (page number → overlay). */
  overlays?: ReadonlyMap<number, ReactNode>;
};

export function PdfView({ bytes, name, attachments = [], blobs = [], onFirstPaint, marks, overlays }: Props) {
  const { t } = useTranslation('filesViewer');
  const { language } = usePreferences();
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [queue] = useState(serialQueue);
  const [size, setSize] = useState({ width: 612, height: 792 });
  const [scale, setScale] = useState(1);
  const [query, setQuery] = useState('');
  const [jump, setJump] = useState(1);
  const pagesRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // pdf.js takes ownership of the buffer it is given: hand it a copy, the page keeps the original.
    const task = getDocument({ data: bytes.slice(), isEvalSupported: false, enableXfa: false, worker: pdfWorker() });
    task.promise.then(async (loaded) => {
      const first = (await loaded.getPage(1)).getViewport({ scale: 1 });
      setSize({ width: first.width, height: first.height });
      setDoc(loaded);
    }, () => undefined);
    return () => void task.destroy();
  }, [bytes]);

  const search = usePdfSearch(doc, query, async (number) => pageTextOf(await (await doc!.getPage(number)).getTextContent()));
  const goTo = (number: number) => pagesRef.current?.querySelector(`[data-page="${number}"]`)?.scrollIntoView({ block: 'start' });
  // The page box follows the page being read, unless the user is typing a number in it.
  const followScroll = () => {
    const box = pagesRef.current;
    if (!box || document.activeElement?.id === 'fv-pdf-page') return;
    const number = pageInView(box);
    if (number !== undefined) setJump((current) => (current === number ? current : number));
  };
  const pageCount = doc?.numPages ?? 0;

  return (
    <div className="p-fv-pdf" data-testid="pdf-view">
      <div className="p-fv-toolbar" role="toolbar" aria-label={name}>
        <span className="p-fv-toolbar__count" data-testid="pdf-page-count">{doc ? t('pdf.pages', { count: pageCount }) : <Spinner size={16} aria-label={t('status.parsing')} />}</span>
        <ControlGroup>
          <Button icon="minus" aria-label={t('pdf.zoomOut')} onClick={() => setScale((value) => Math.max(0.25, value - 0.25))} />
          <Button className="p-fv-toolbar__zoom" text={`${Math.round(scale * 100)} %`} onClick={() => setScale(1)} />
          <Button icon="add" aria-label={t('pdf.zoomIn')} onClick={() => setScale((value) => Math.min(4, value + 0.25))} />
        </ControlGroup>
        <ControlGroup>
          <NumericInput id="fv-pdf-page" aria-label={t('pdf.page')} min={1} max={Math.max(1, pageCount)} value={jump} onValueChange={(value) => setJump(value)} buttonPosition="none" className="p-fv-toolbar__page" />
          <Button text={t('pdf.goTo')} onClick={() => goTo(jump)} />
        </ControlGroup>
        <InputGroup className="p-fv-toolbar__search" type="search" leftIcon="search" placeholder={t('pdf.search')} aria-label={t('pdf.search')} value={query} onValueChange={setQuery} />
      </div>
      {doc && <OcrPanel key={jump} source={() => renderForOcr(doc, Math.min(Math.max(1, jump), pageCount))} label={t('ocr.page', { number: Math.min(Math.max(1, jump), pageCount) })} />}
      {search && (
        <p className="p-fv-pdf-matches" data-testid="pdf-matches" aria-live="polite">
          {search.searched < pageCount ? t('pdf.searching', { searched: search.searched, count: pageCount }) : t('pdf.matches', { count: search.matches.length })}{' '}
          {search.matches.slice(0, 50).map((number) => (
            <Button key={number} size="small" variant="minimal" text={number} onClick={() => goTo(number)} />
          ))}
        </p>
      )}
      {attachments.length > 0 && (
        <DataTable compact data-testid="pdf-attachments">
          <caption>{t('pdf.attachments')}</caption>
          <tbody>
            {attachments.map((attachment, index) => (
              <tr key={index}>
                <td>{attachment.name}</td>
                <td>{formatBytes(attachment.size, language)}</td>
                <td>
                  <Button size="small" variant="minimal" icon="download" text={t('email.attachment.download')} onClick={() => downloadBytes(attachment.name, blobs[attachment.blobId] ?? new Uint8Array(), attachment.contentType)} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <div ref={pagesRef} className="p-fv-pdf-pages" tabIndex={0} aria-label={t('pdf.pages', { count: pageCount })} onScroll={followScroll}>
        {doc && Array.from({ length: pageCount }, (_, index) => <PdfPage key={index} doc={doc} queue={queue} number={index + 1} scale={scale} size={size} query={query} marks={marks?.get(index + 1) ?? NO_MARKS} overlay={overlays?.get(index + 1)} onPainted={index === 0 ? onFirstPaint : undefined} />)}
      </div>
      <Button variant="minimal" icon="download" text={t('other.download')} onClick={() => downloadBytes(name, bytes, 'application/pdf')} />
    </div>
  );
}

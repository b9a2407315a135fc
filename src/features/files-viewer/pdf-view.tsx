/**
 * A PDF: pages rendered by pdf.js on canvas as they scroll into view, each with a selectable text
 * layer; zoom, page count, search in the text (from the parsed model) and a page jump. pdf.js runs
 * with `isEvalSupported: false`; no scripting (the viewer's scripting layer is never loaded).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, ControlGroup, HTMLTable, InputGroup, NumericInput } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import pdfWorkerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import 'pdfjs-dist/web/pdf_viewer.css';
import type { Pdf } from '../../parsing/model';
import { downloadBytes, formatSize } from './open-files';
import { usePreferences } from '../../storage/preferences';

GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

function PdfPage({ doc, number, scale, size }: { doc: PDFDocumentProxy; number: number; scale: number; size: { width: number; height: number } }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setVisible(true), { rootMargin: '400px' });
    if (ref.current) observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    if (!visible || !ref.current) return;
    const container = ref.current;
    let cancelled = false;
    let cancelRender: (() => void) | undefined;
    void (async () => {
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
      container.replaceChildren(canvas, textLayer);
      container.style.setProperty('--scale-factor', String(scale));
      await new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport }).render();
      container.dataset.rendered = 'true';
    })();
    return () => {
      cancelled = true;
      cancelRender?.();
    };
  }, [visible, doc, number, scale]);
  return (
    <div
      ref={ref}
      className="p-fv-pdf-page"
      data-page={number}
      style={{ width: size.width * scale, height: size.height * scale, position: 'relative', margin: '0 auto 12px', background: '#fff', boxShadow: '0 0 2px #888' }}
    />
  );
}

export function PdfView({ bytes, model }: { bytes: Uint8Array; model: Pdf }) {
  const { t } = useTranslation('filesViewer');
  const { language } = usePreferences();
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [size, setSize] = useState({ width: 612, height: 792 });
  const [scale, setScale] = useState(1);
  const [query, setQuery] = useState('');
  const [jump, setJump] = useState(1);
  const pagesRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const task = getDocument({ data: bytes.slice(), isEvalSupported: false, enableXfa: false });
    task.promise.then(async (loaded) => {
      const first = (await loaded.getPage(1)).getViewport({ scale: 1 });
      setSize({ width: first.width, height: first.height });
      setDoc(loaded);
    }, () => undefined);
    return () => void task.destroy();
  }, [bytes]);

  const goTo = (number: number) => pagesRef.current?.querySelector(`[data-page="${number}"]`)?.scrollIntoView({ block: 'start' });
  const needle = query.trim().toLocaleLowerCase();
  const matches = needle ? model.pages.filter((page) => page.text.toLocaleLowerCase().includes(needle)).map((page) => page.number) : [];

  return (
    <div className="p-fv-pdf" data-testid="pdf-view">
      <div className="p-fv-toolbar">
        <span data-testid="pdf-page-count">{t('pdf.pages', { count: model.pageCount })}</span>
        <ControlGroup>
          <Button icon="minus" aria-label={t('pdf.zoomOut')} onClick={() => setScale((value) => Math.max(0.25, value - 0.25))} />
          <Button text={`${Math.round(scale * 100)} %`} onClick={() => setScale(1)} />
          <Button icon="add" aria-label={t('pdf.zoomIn')} onClick={() => setScale((value) => Math.min(4, value + 0.25))} />
        </ControlGroup>
        <ControlGroup>
          <NumericInput id="fv-pdf-page" aria-label={t('pdf.page')} min={1} max={model.pageCount} value={jump} onValueChange={(value) => setJump(value)} buttonPosition="none" style={{ width: 70 }} />
          <Button text={t('pdf.goTo')} onClick={() => goTo(jump)} />
        </ControlGroup>
        <InputGroup leftIcon="search" placeholder={t('pdf.search')} aria-label={t('pdf.search')} value={query} onValueChange={setQuery} />
      </div>
      {needle && (
        <p data-testid="pdf-matches">
          {t('pdf.matches', { count: matches.length })}{' '}
          {matches.slice(0, 50).map((number) => (
            <Button key={number} size="small" variant="minimal" text={number} onClick={() => goTo(number)} />
          ))}
        </p>
      )}
      {model.attachments.length > 0 && (
        <HTMLTable compact>
          <caption>{t('pdf.attachments')}</caption>
          <tbody>
            {model.attachments.map((attachment, index) => (
              <tr key={index}><td>{attachment.name}</td><td>{formatSize(attachment.size, language)}</td></tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div ref={pagesRef} className="p-fv-pdf-pages" style={{ maxHeight: '75vh', overflow: 'auto', padding: 12, background: 'var(--p-surface-2, #e5e5e5)' }}>
        {doc && Array.from({ length: doc.numPages }, (_, index) => <PdfPage key={index} doc={doc} number={index + 1} scale={scale} size={size} />)}
      </div>
      <Button variant="minimal" text={t('other.download')} onClick={() => downloadBytes('document.pdf', bytes, 'application/pdf')} />
    </div>
  );
}

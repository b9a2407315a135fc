/**
 * The viewer's "OCR" action (beyond the spec): reads a picture or a PDF page in this browser, with
 * progress, and shows the text so it can be selected and copied. Nothing is uploaded.
 */
import { useState } from 'react';
import { Button, Callout, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { OcrPage } from '../../ocr/model';

type Source = () => Promise<{ image: Blob | HTMLCanvasElement; width: number; height: number }>;

export function OcrPanel({ source, label }: { source: Source; label: string }) {
  const { t } = useTranslation('filesViewer');
  const [state, setState] = useState<{ running: boolean; progress: number; page?: OcrPage; failed?: boolean }>({ running: false, progress: 0 });
  const run = async () => {
    setState({ running: true, progress: 0 });
    try {
      const { recognizeInBrowser } = await import('../../ocr/browser-ocr');
      const { image, width, height } = await source();
      const page = await recognizeInBrowser(image, width, height, (progress) => setState((previous) => ({ ...previous, progress })));
      setState({ running: false, progress: 1, page });
    } catch {
      setState({ running: false, progress: 0, failed: true });
    }
  };
  return (
    <div data-testid="ocr-panel">
      <Button icon="search-text" text={label} loading={state.running} onClick={() => void run()} />
      {state.running && <ProgressBar value={state.progress || undefined} aria-label={t('ocr.running')} />}
      {state.failed && <Callout intent="danger">{t('ocr.failed')}</Callout>}
      {state.page && (
        <section aria-label={t('ocr.result')}>
          <p className="bp6-text-muted" data-testid="ocr-confidence">{t('ocr.confidence', { confidence: state.page.confidence })}</p>
          <pre className="p-fv-text" data-testid="ocr-text" style={{ userSelect: 'text' }}>{state.page.text || t('ocr.noText')}</pre>
        </section>
      )}
    </div>
  );
}

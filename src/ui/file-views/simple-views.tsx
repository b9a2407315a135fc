/** Text (with its detected encoding), JSON (collapsible tree or raw), images, and anything else. */
import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, SegmentedControl } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ParsedFile } from '../../parsing/model';
import { usePreferences } from '../../storage/preferences';
import { JsonTree } from '../json-tree';
import { downloadBytes } from './open-files';
import { formatBytes } from '../format-bytes';
import { OcrPanel } from './ocr-panel';
import { jsonErrorText, type Translate } from '../../i18n/json-error-text';

export function TextView({ text, encoding }: { text: string; encoding: string }) {
  const { t } = useTranslation('filesViewer');
  return (
    <div data-testid="text-view">
      <p className="bp6-text-muted">{t('text.encoding', { encoding })}</p>
      <pre className="p-fv-text">{text}</pre>
    </div>
  );
}

export function JsonView({ result, raw }: { result: NonNullable<ParsedFile['json']>; raw: string }) {
  const { t } = useTranslation('filesViewer');
  const [mode, setMode] = useState<'tree' | 'raw'>('tree');
  if (!result.ok) {
    return (
      <div data-testid="json-view">
        <Callout intent="danger" data-testid="json-error">{jsonErrorText(t as unknown as Translate, result)}</Callout>
        <pre className="p-fv-text">{raw}</pre>
      </div>
    );
  }
  return (
    <div data-testid="json-view">
      <SegmentedControl options={[{ label: t('json.tree'), value: 'tree' }, { label: t('json.raw'), value: 'raw' }]} value={mode} onValueChange={(value) => setMode(value as 'tree' | 'raw')} />
      {mode === 'tree' ? <JsonTree value={result.value} /> : <pre className="p-fv-text">{raw}</pre>}
    </div>
  );
}

export function ImageView({ bytes, type, name }: { bytes: Uint8Array; type: string; name: string }) {
  const { t } = useTranslation('filesViewer');
  const url = useMemo(() => URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type })), [bytes, type]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  // The image's size, for the word boxes: read from the decoded picture.
  const source = async () => {
    const bitmap = await createImageBitmap(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return { image: new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), ...size };
  };
  // SVG may hold scripts and remote references: shown only as an <img>, which runs and loads nothing.
  return (
    <div>
      {type !== 'image/svg+xml' && <OcrPanel source={source} label={t('ocr.image')} />}
      <img src={url} alt={name} data-testid="image-view" style={{ maxWidth: '100%' }} />
    </div>
  );
}

export function OtherView({ model, bytes }: { model: ParsedFile; bytes: Uint8Array }) {
  const { t } = useTranslation('filesViewer');
  const { language } = usePreferences();
  return (
    <div data-testid="other-view">
      <p>{t('other.previewUnavailable')}</p>
      <p>{model.file} · {model.contentType} · {formatBytes(model.size, language)}</p>
      <Button icon="download" text={t('other.download')} onClick={() => downloadBytes(model.file.split('/').pop() ?? 'file', bytes, model.contentType)} />
    </div>
  );
}

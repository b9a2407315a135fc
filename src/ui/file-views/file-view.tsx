/**
 * The view of one file for its kind (mail, PDF, office document, image, text, JSON), with its parse
 * progress or error. Shared by the files viewer and the testing center's qualification screen.
 */
import { memo } from 'react';
import { Callout, ProgressBar } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../parsing/model';
import type { ParseResponse } from '../../parsing/protocol';
import { EmailView } from './email-view';
import { PdfView } from './pdf-view';
import { detectKind } from '../../parsing/detect';
import { ImageView, JsonView, OtherView, TextView } from './simple-views';
import { DocumentView, HtmlView, SpreadsheetView } from './office-views';

/** A file being shown: its bytes and, once the parse worker answered, its model. */
export type ViewedFile = {
  id: number;
  path: string;
  bytes?: Uint8Array;
  progress: number;
  result?: ParseResponse;
};

type Props<Entry extends ViewedFile> = {
  entry: Entry;
  onOpenAttachment: (parent: Entry, attachment: Attachment, bytes: Uint8Array) => void;
  /** Told when a PDF's first page is painted. */
  onFirstPaint?: (id: number) => void;
};

function FileViewOf<Entry extends ViewedFile>({ entry, onOpenAttachment, onFirstPaint }: Props<Entry>) {
  const { t } = useTranslation('filesViewer');
  const name = entry.path.split(/\/| › /).pop() ?? entry.path;
  const result = entry.result;
  // A PDF is drawn from its bytes at once: the parse worker only adds its embedded files.
  if (entry.bytes && detectKind(name, entry.bytes) === 'pdf' && (!result || result.ok)) {
    return (
      <PdfView
        key={entry.id}
        bytes={entry.bytes}
        name={name}
        attachments={result?.ok ? result.model.pdf?.attachments : undefined}
        blobs={result?.ok ? result.blobs : undefined}
        onFirstPaint={() => onFirstPaint?.(entry.id)}
      />
    );
  }
  if (!result || !entry.bytes) return <ProgressBar value={entry.progress || undefined} aria-label={t('status.parsing')} />;
  if (!result.ok) {
    return (
      <Callout intent="danger" data-testid="file-error" title={t('status.error')}>
        {t(`errors.${result.error.code}`, { file: name })}
      </Callout>
    );
  }
  const { model, blobs } = result;
  switch (model.kind) {
    case 'email':
      return (
        <EmailView
          key={entry.id}
          email={model.email!}
          blobs={blobs}
          fileName={name}
          onOpenAttachment={(attachment) => onOpenAttachment(entry, attachment, blobs[attachment.blobId] ?? new Uint8Array())}
        />
      );
    case 'pdf':
      return <PdfView key={entry.id} bytes={entry.bytes} name={name} attachments={model.pdf!.attachments} blobs={blobs} />;
    case 'document':
      return <DocumentView document={model.document!} onOpenImage={(image) => onOpenAttachment(entry, image, blobs[image.blobId] ?? new Uint8Array())} />;
    case 'spreadsheet':
      return <SpreadsheetView sheets={model.spreadsheet!.sheets} />;
    case 'html':
      return <HtmlView page={model.html!} onOpenImage={(image) => onOpenAttachment(entry, image, blobs[image.blobId] ?? new Uint8Array())} />;
    case 'text':
      return <TextView text={model.text!.text} encoding={model.text!.encoding} />;
    case 'json':
      return <JsonView result={model.json!} raw={new TextDecoder().decode(entry.bytes)} />;
    case 'image':
      return <ImageView bytes={entry.bytes} type={model.contentType} name={name} />;
    default:
      return <OtherView model={model} bytes={entry.bytes} />;
  }
}

/**
 * Drawn again only when its own entry or callbacks change: the files viewer updates its list once per
 * file parsed, and the mail's tabs measure their layout each time they are drawn (a forced layout of
 * the whole page per file of a folder).
 */
export const FileView = memo(FileViewOf) as typeof FileViewOf;

/**
 * Office documents (text per page or slide), spreadsheets (each sheet as a table, merged cells
 * spanning, hidden sheets marked) and HTML pages (their text, never their markup: no script or
 * remote request can run from a file shown here). Embedded pictures open as files of their own.
 */
import { useState } from 'react';
import { Button, Callout, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Attachment, HtmlPage, OfficeDocument, Sheet } from '../../parsing/model';
import { DataTable } from '../data-table';

type OpenImage = (attachment: Attachment) => void;

function ImageList({ images, onOpen }: { images: Attachment[]; onOpen: OpenImage }) {
  const { t } = useTranslation('filesViewer');
  if (images.length === 0) return null;
  return (
    <section data-testid="embedded-images">
      <h4>{t('office.images', { count: images.length })}</h4>
      <ul>
        {images.map((image) => (
          <li key={image.blobId}>
            {image.name} <Button size="small" variant="minimal" text={t('email.attachment.open')} onClick={() => onOpen(image)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DocumentView({ document, onOpenImage }: { document: OfficeDocument; onOpenImage: OpenImage }) {
  const { t } = useTranslation('filesViewer');
  if (document.unreadable) {
    return <Callout intent="warning" data-testid="document-unreadable">{t('office.unreadable', { format: document.format.toUpperCase() })}</Callout>;
  }
  return (
    <div data-testid="document-view">
      {document.title ? <h3>{document.title}</h3> : null}
      <p className="bp6-text-muted">{t(document.unit === 'slide' ? 'office.slides' : 'office.pages', { count: document.pages.length })}</p>
      {document.pages.map((page) => (
        <section key={page.number} aria-label={t(document.unit === 'slide' ? 'office.slide' : 'office.page', { number: page.number })}>
          <h4>{t(document.unit === 'slide' ? 'office.slide' : 'office.page', { number: page.number })}</h4>
          <pre className="p-fv-text">{page.text || t('office.emptyPage')}</pre>
        </section>
      ))}
      <ImageList images={document.images} onOpen={onOpenImage} />
    </div>
  );
}

function SheetTable({ sheet }: { sheet: Sheet }) {
  const { t } = useTranslation('filesViewer');
  if (sheet.rows.length === 0) return <p>{t('office.emptySheet')}</p>;
  // A merged range is drawn as one spanning cell; the cells it covers are not drawn.
  const covered = new Set<string>();
  const spans = new Map<string, { rowSpan: number; colSpan: number }>();
  for (const merge of sheet.merges) {
    spans.set(`${merge.top}:${merge.left}`, { rowSpan: merge.bottom - merge.top + 1, colSpan: merge.right - merge.left + 1 });
    for (let r = merge.top; r <= merge.bottom; r++) for (let c = merge.left; c <= merge.right; c++) if (r !== merge.top || c !== merge.left) covered.add(`${r}:${c}`);
  }
  const width = Math.max(...sheet.rows.map((row) => row.length));
  return (
    <div style={{ overflow: 'auto', maxHeight: '70vh' }}>
      <DataTable compact bordered data-testid="sheet-table">
        <tbody>
          {sheet.rows.map((row, r) => (
            <tr key={r}>
              {Array.from({ length: width }, (_, c) =>
                covered.has(`${r}:${c}`) ? null : (
                  <td key={c} {...spans.get(`${r}:${c}`)}>
                    {row[c] ?? ''}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </DataTable>
      {sheet.truncated ? <Callout intent="warning">{t('office.truncated')}</Callout> : null}
    </div>
  );
}

export function SpreadsheetView({ sheets }: { sheets: Sheet[] }) {
  const { t } = useTranslation('filesViewer');
  const [selected, setSelected] = useState('0');
  return (
    <div data-testid="spreadsheet-view">
      <Tabs id="sheets" renderActiveTabPanelOnly selectedTabId={selected} onChange={(id) => setSelected(String(id))}>
        {sheets.map((sheet, index) => (
          <Tab
            key={index}
            id={String(index)}
            title={
              <>
                {sheet.name} {sheet.hidden ? <Tag minimal>{t('office.hiddenSheet')}</Tag> : null}
              </>
            }
            panel={<SheetTable sheet={sheet} />}
          />
        ))}
      </Tabs>
    </div>
  );
}

export function HtmlView({ page, onOpenImage }: { page: HtmlPage; onOpenImage: OpenImage }) {
  const { t } = useTranslation('filesViewer');
  return (
    <div data-testid="html-view">
      {page.title ? <h3>{page.title}</h3> : null}
      <p className="bp6-text-muted">{t('text.encoding', { encoding: page.encoding })}</p>
      <pre className="p-fv-text">{page.text}</pre>
      {page.remoteImages > 0 ? <p className="bp6-text-muted">{t('office.remoteImages', { count: page.remoteImages })}</p> : null}
      <ImageList images={page.images} onOpen={onOpenImage} />
    </div>
  );
}

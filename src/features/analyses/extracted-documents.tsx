/**
 * What the extractor made of a mail or document: one card per extracted document (main file, body,
 * each attachment, nested ones with their path), its text blocks grouped by page, headers and notes.
 * Shared by the analysis result and the extractor test screen.
 */
import { Card, Classes, H5, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ExtractedDocument, ExtractorResult } from '../../contract/analyses';
import { usePipelineMessage } from '../../i18n/use-pipeline-message';
import { DataTable } from '../../ui/data-table';

function Blocks({ document }: { document: ExtractedDocument }) {
  const { t } = useTranslation('analyses');
  if (document.blocks.length === 0) return <p className={Classes.TEXT_MUTED}>{t('extracted.noText')}</p>;
  return (
    <>
      {document.blocks.map((block, index) => (
        <div key={index} className="p-extracted-block">
          <div className={Classes.TEXT_MUTED} style={{ fontSize: '0.85em' }}>
            {block.page !== null ? t('extracted.page', { page: block.page }) : t('extracted.block', { index: index + 1 })}
          </div>
          <pre className="p-extracted-text" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: '0.25rem 0 0.75rem' }}>{block.text}</pre>
        </div>
      ))}
    </>
  );
}

export function ExtractedDocumentCard({ document }: { document: ExtractedDocument }) {
  const { t } = useTranslation('analyses');
  const messages = usePipelineMessage();
  const headers = Object.entries(document.headers ?? {});
  return (
    <Card className="p-extracted-document" data-testid="extracted-document" data-source={document.source} style={{ marginBottom: '0.75rem' }}>
      <H5 style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <span>{document.name}</span>
        <Tag minimal>{t(`extracted.source.${document.source}`)}</Tag>
        <Tag minimal>{document.contentType}</Tag>
        {document.pageCount !== null && <Tag minimal>{t('extracted.pages', { count: document.pageCount })}</Tag>}
      </H5>
      {document.path.length > 1 && (
        <p className={Classes.TEXT_MUTED} aria-label={t('extracted.path')}>
          {t('extracted.pathLine', { path: document.path.join(' › ') })}
        </p>
      )}
      {headers.length > 0 && (
        <details>
          <summary>{t('extracted.headers')}</summary>
          <DataTable compact>
            <tbody>
              {headers.map(([name, value]) => (
                <tr key={name}>
                  <th>{name}</th>
                  <td>{value}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </details>
      )}
      {document.notes.length > 0 && (
        <ul className={Classes.TEXT_MUTED} aria-label={t('extracted.notes')}>
          {document.notes.map((note, index) => <li key={index}>{messages.stored(note)}</li>)}
        </ul>
      )}
      <Blocks document={document} />
    </Card>
  );
}

export function ExtractedDocuments({ result }: { result: ExtractorResult }) {
  const { t } = useTranslation('analyses');
  return (
    <div data-testid="extracted-documents">
      <p className={Classes.TEXT_MUTED}>{t('extracted.documents', { count: result.documents.length })}</p>
      {result.documents.map((document, index) => <ExtractedDocumentCard key={`${document.path.join('/')}-${index}`} document={document} />)}
    </div>
  );
}

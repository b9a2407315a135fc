/**
 * One email (EML or MSG): its header fields, then tabs for the body, the raw headers and the
 * attachments. An attached message opens in place, with a breadcrumb back to its parents.
 */
import { useCallback, useState } from 'react';
import { Button, Callout, Tab, Tabs } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Address, Attachment, Email } from '../../parsing/model';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { MailFrame } from './mail-frame';
import { downloadBytes, toDataUrl } from './open-files';
import { formatBytes } from '../format-bytes';
import { DataTable } from '../data-table';

const formatAddress = (address: Address) =>
  address.name && address.address ? `${address.name} <${address.address}>` : (address.name ?? address.address ?? '');

type Props = {
  email: Email;
  blobs: Uint8Array[];
  fileName: string;
  /** Opens a non-message attachment (PDF, text, image…) as a file of its own in the viewer. */
  onOpenAttachment: (attachment: Attachment) => void;
};

export function EmailView({ email: root, blobs, fileName, onOpenAttachment }: Props) {
  const { t } = useTranslation(['filesViewer', 'common']);
  const { language } = usePreferences();
  const [trail, setTrail] = useState<Array<{ email: Email; label: string }>>([]);
  const email = trail.length ? trail[trail.length - 1]!.email : root;
  // Built when the body is sanitised (its own task), and only for the images the HTML refers to.
  const cidImages = useCallback(() => {
    const map = new Map<string, string>();
    const html = email.html?.toLowerCase() ?? '';
    for (const attachment of email.attachments) {
      const bytes = blobs[attachment.blobId];
      if (!attachment.contentId || !bytes || !attachment.contentType.startsWith('image/')) continue;
      if (html.includes(`cid:${attachment.contentId.toLowerCase()}`)) map.set(attachment.contentId, toDataUrl(bytes, attachment.contentType));
    }
    return map;
  }, [email, blobs]);

  const rows: Array<[string, string | undefined]> = [
    [t('email.from'), email.from && formatAddress(email.from)],
    [t('email.sender'), email.sender && formatAddress(email.sender)],
    [t('email.to'), email.to.map(formatAddress).join(', ') || undefined],
    [t('email.cc'), email.cc.map(formatAddress).join(', ') || undefined],
    [t('email.bcc'), email.bcc.map(formatAddress).join(', ') || undefined],
    [t('email.replyTo'), email.replyTo.map(formatAddress).join(', ') || undefined],
    [t('email.date'), email.date && formatDateTime(email.date, language)],
    [t('email.importance'), email.importance && t(`email.importanceLevels.${email.importance}`)],
  ];

  const body = email.html ? (
    <MailFrame html={email.html} cidImages={cidImages} />
  ) : email.text ? (
    <pre className="p-fv-text" data-testid="mail-text">{email.text}</pre>
  ) : (
    <p className="bp6-text-muted" data-testid="mail-nobody">{t('email.noBody')}</p>
  );

  return (
    <article className="p-fv-email" data-testid="email-view">
      {trail.length > 0 && (
        <nav className="p-fv-breadcrumb" aria-label={t('common:a11y.breadcrumb')} data-testid="breadcrumb">
          <Button variant="minimal" text={fileName} onClick={() => setTrail([])} />
          {trail.map((step, index) => (
            <span key={index}>
              {' › '}
              <Button variant="minimal" text={step.label} disabled={index === trail.length - 1} onClick={() => setTrail(trail.slice(0, index + 1))} />
            </span>
          ))}
          <Button icon="chevron-left" text={t('email.back')} onClick={() => setTrail(trail.slice(0, -1))} />
        </nav>
      )}
      <h2 className="p-fv-subject" data-testid="mail-subject">{email.subject || t('email.noSubject')}</h2>
      <DataTable compact className="p-fv-fields">
        <tbody>
          {rows.filter(([, value]) => value).map(([label, value]) => (
            <tr key={label}><th>{label}</th><td>{value}</td></tr>
          ))}
        </tbody>
      </DataTable>
      {email.calendar && (
        <Callout title={t('email.calendar.title')} data-testid="calendar">
          {email.calendar.start && <div>{t('email.calendar.field', { label: t('email.calendar.start'), value: formatDateTime(email.calendar.start, language) })}</div>}
          {email.calendar.end && <div>{t('email.calendar.field', { label: t('email.calendar.end'), value: formatDateTime(email.calendar.end, language) })}</div>}
          {email.calendar.location && <div>{t('email.calendar.field', { label: t('email.calendar.location'), value: email.calendar.location })}</div>}
          {email.calendar.organizer && <div>{t('email.calendar.field', { label: t('email.calendar.organizer'), value: email.calendar.organizer })}</div>}
        </Callout>
      )}
      <Tabs id="fv-email-tabs" key={trail.length} renderActiveTabPanelOnly>
        <Tab id="body" title={t('email.tabs.body')} panel={body} />
        <Tab
          id="headers"
          title={t('email.tabs.headers')}
          panel={
            email.headers.length ? (
              <DataTable compact striped className="p-fv-headers" data-testid="raw-headers">
                <tbody>
                  {email.headers.map((header, index) => (
                    <tr key={index}><th>{header.name}</th><td><code>{header.value}</code></td></tr>
                  ))}
                </tbody>
              </DataTable>
            ) : (
              <p className="bp6-text-muted">{t('email.noHeaders')}</p>
            )
          }
        />
        <Tab
          id="attachments"
          title={t('email.tabs.attachments', { count: email.attachments.length })}
          panel={
            email.attachments.length ? (
              <DataTable compact striped data-testid="attachments">
                <thead>
                  <tr><th>{t('email.attachment.name')}</th><th>{t('email.attachment.type')}</th><th>{t('email.attachment.size')}</th><th /></tr>
                </thead>
                <tbody>
                  {email.attachments.map((attachment, index) => (
                    <tr key={index}>
                      <td>{attachment.name}</td>
                      <td><code>{attachment.contentType}</code></td>
                      <td>{formatBytes(attachment.size, language)}</td>
                      <td>
                        <Button
                          size="small"
                          text={t('email.attachment.open')}
                          onClick={() =>
                            attachment.message
                              ? setTrail([...trail, { email: attachment.message, label: attachment.message.subject || attachment.name }])
                              : onOpenAttachment(attachment)
                          }
                        />{' '}
                        <Button
                          size="small"
                          variant="minimal"
                          icon="download"
                          text={t('email.attachment.download')}
                          onClick={() => downloadBytes(attachment.name, blobs[attachment.blobId] ?? new Uint8Array(), attachment.contentType)}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            ) : (
              <p className="bp6-text-muted">{t('email.noAttachments')}</p>
            )
          }
        />
      </Tabs>
    </article>
  );
}

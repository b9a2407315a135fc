/**
 * One audit-log entry as people read it: the sentence in the reader's language, and the
 * raw request (operation, method, path, status, target) folded in a detail for whoever needs it.
 */
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '../../contract/members';
import { auditSentence, type Translate } from '../../i18n/audit-sentence';
import { formatDateTime, formatTime } from '../../i18n/dates';

export function AuditEntrySentence({ entry }: { entry: AuditLogEntry }) {
  const { t, i18n } = useTranslation('auditLog');
  const translate = t as unknown as Translate;
  // The times in the sentence's language.
  const language = i18n.language === 'en' ? 'en' : 'fr';
  // Counted reads span at most one day: their times alone, unless the first is on another local day.
  const sameDay = entry.firstAt === null || new Date(entry.firstAt).toDateString() === new Date(entry.at).toDateString();
  const moment = (iso: string) => (sameDay ? formatTime(iso, language) : formatDateTime(iso, language));
  return (
    <div className="p-audit-entry">
      <p className="p-audit-entry__sentence">{auditSentence(translate, entry, moment)}</p>
      <details className="p-audit-entry__request">
        <summary>{t('page.request')}</summary>
        <dl>
          <dt>{t('page.code')}</dt>
          <dd>
            <code>{entry.action}</code>
          </dd>
          <dt>{t('page.method')}</dt>
          <dd>
            <code>
              {entry.method} {entry.path}
            </code>
          </dd>
          <dt>{t('page.status')}</dt>
          <dd>{entry.status}</dd>
          {entry.targetType && (
            <>
              <dt>{t('page.target')}</dt>
              <dd>
                <code>
                  {entry.targetType} {entry.targetId ?? ''}
                </code>
              </dd>
            </>
          )}
        </dl>
      </details>
    </div>
  );
}

/** Lists every client-stored key with its size and lets the user clear one or all (with confirmation). */
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { Spinner } from '../../ui/spinner';
import { useTranslation } from 'react-i18next';
import { clearEntries, listEntries, removeEntry, subscribeEntries } from '../../storage';
import { confirm } from '../../ui/dialogs/dialog-service';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { EmptyState } from '../../ui/empty-state';
import { DataTable } from '../../ui/data-table';
import { formatBytes } from '../../ui/format-bytes';

type Entry = Awaited<ReturnType<typeof listEntries>>[number];

export function LocalStorageCleanerPage() {
  const { t } = useTranslation(['profile', 'common']);
  const { language } = usePreferences();
  const [entries, setEntries] = useState<Entry[] | undefined>();

  const refresh = useCallback(() => void listEntries().then(setEntries), []);
  useEffect(() => {
    refresh();
    return subscribeEntries(refresh);
  }, [refresh]);

  const clearOne = async (key: string) => {
    if (!(await confirm({ body: tr('profile:cleaner.confirmOne', { key }), danger: true, confirmLabel: tr('profile:cleaner.clear') }))) return;
    await removeEntry(key);
    toast.success({ summary: tr('profile:cleaner.cleared', { key }) });
  };

  const clearAll = async () => {
    if (!(await confirm({ body: tr('profile:cleaner.confirmAll'), danger: true, confirmLabel: tr('profile:cleaner.clearAll') }))) return;
    await clearEntries();
    toast.success({ summary: tr('profile:cleaner.clearedAll') });
  };

  return (
    <section className="p-page">
      <div className="p-page__header">
        <h1 className="p-page__title">{t('cleaner.title')}</h1>
        <Button icon="trash" intent="danger" text={t('cleaner.clearAll')} disabled={!entries?.length} onClick={clearAll} />
      </div>
      <p className="bp6-text-muted">{t('cleaner.intro')}</p>
      {!entries ? (
        <Spinner aria-label={t('common:loading')} />
      ) : entries.length === 0 ? (
        <EmptyState icon="database" title={t('cleaner.empty')} />
      ) : (
        <DataTable striped className="p-table" data-testid="storage-entries">
          <thead>
            <tr>
              <th>{t('cleaner.key')}</th>
              <th>{t('cleaner.size')}</th>
              <th>{t('cleaner.updatedAt')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.key}>
                <td><code>{entry.key}</code></td>
                <td>{formatBytes(entry.size, language)}</td>
                <td>{formatDateTime(entry.updatedAt, language)}</td>
                <td>
                  <Button
                    variant="minimal"
                    icon="trash"
                    aria-label={t('cleaner.clearKey', { key: entry.key })}
                    title={t('cleaner.clearKey', { key: entry.key })}
                    onClick={() => clearOne(entry.key)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}

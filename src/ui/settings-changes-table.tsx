/** The differences between two configurations, as the import preview and the versions screen show them. */
import { Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { SettingsChange } from '../contract/environments';
import { changePlace, changeValue } from './settings-change';
import { DataTable } from './data-table';

export function SettingsChangesTable({ changes }: { changes: readonly SettingsChange[] }) {
  const { t } = useTranslation('environments');
  return (
    <DataTable className="p-table p-settings-changes" compact>
      <thead>
        <tr>
          <th>{t('changes.field')}</th>
          <th>{t('changes.before')}</th>
          <th>{t('changes.after')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.path.join('\u0000')} data-change={change.kind}>
            <td>
              {changePlace(t, change.path)}{' '}
              {change.kind !== 'changed' && (
                <Tag minimal intent={change.kind === 'added' ? Intent.SUCCESS : Intent.DANGER}>
                  {t(`changes.kinds.${change.kind}`)}
                </Tag>
              )}
            </td>
            <td>{changeValue(t, change, change.before)}</td>
            <td>{changeValue(t, change, change.after)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

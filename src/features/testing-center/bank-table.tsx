/** One page of bank messages with a selection column; a name opens the message in the qualification screen. */
import { Link } from 'react-router';
import { Checkbox, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import type { BankMessageSummary } from '../../contract/testing-center';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { QualificationTag } from './qualification-tag';
import { DataTable } from '../../ui/data-table';

export function BankTable({
  projectId,
  items,
  selected,
  onSelect,
}: {
  projectId: string;
  items: readonly BankMessageSummary[];
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
}) {
  const { t } = useTranslation('testingCenter');
  const { language } = usePreferences();
  const allOn = items.length > 0 && items.every((item) => selected.has(item.id));
  return (
    <DataTable className="p-table" striped interactive data-testid="bank-table">
      <thead>
        <tr>
          <th>
            <Checkbox checked={allOn} aria-label={t('bank.selectPage')} onChange={(event) => onSelect(items.map((item) => item.id), event.currentTarget.checked)} />
          </th>
          <th>{t('bank.columns.name')}</th>
          <th>{t('bank.columns.inputType')}</th>
          <th>{t('bank.columns.tags')}</th>
          <th>{t('bank.columns.state')}</th>
          <th>{t('bank.columns.source')}</th>
          <th>{t('bank.columns.createdAt')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-message-name={item.name}>
            <td>
              <Checkbox checked={selected.has(item.id)} aria-label={t('bank.select', { name: item.name })} onChange={(event) => onSelect([item.id], event.currentTarget.checked)} />
            </td>
            <td>
              <Link to={`${paths.qualification(projectId)}?message=${encodeURIComponent(item.id)}`}>{item.name}</Link>
            </td>
            <td>{t(`inputTypes.${item.inputType}`)}</td>
            <td>
              {item.tags.map((tag) => (
                <Tag key={tag} minimal style={{ marginRight: 4 }}>
                  {tag}
                </Tag>
              ))}
            </td>
            <td>
              <QualificationTag state={item.qualification} />
            </td>
            <td>{t(`sources.${item.source}`)}</td>
            <td>{formatDateTime(item.createdAt, language)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

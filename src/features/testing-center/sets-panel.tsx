/** The bank's sets: each with its message count, a link to qualify it, a filter on it, and deletion with confirmation. */
import { Link } from 'react-router';
import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import type { BankSet } from '../../contract/testing-center';
import { DataTable } from '../../ui/data-table';

export function SetsPanel({
  projectId,
  sets,
  onFilter,
  onDelete,
  onCreate,
}: {
  projectId: string;
  sets: readonly BankSet[];
  onFilter: (setId: string) => void;
  onDelete: (set: BankSet) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation('testingCenter');
  return (
    <section aria-labelledby="bank-sets-title" data-testid="bank-sets">
      <div className="p-toolbar" style={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
        <h2 className="p-card-heading" id="bank-sets-title" style={{ margin: 0 }}>{t('sets.title')}</h2>
        <Button icon="add" small text={t('sets.createByTags')} onClick={onCreate} />
      </div>
      {sets.length === 0 ? (
        <p className="bp6-text-muted">{t('sets.empty')}</p>
      ) : (
        <DataTable className="p-table" compact striped>
          <thead>
            <tr>
              <th>{t('sets.name')}</th>
              <th>{t('sets.kind')}</th>
              <th>{t('sets.count')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sets.map((set) => (
              <tr key={set.id} data-set-name={set.name}>
                <td>{set.name}</td>
                <td>{set.kind === 'tags' ? t('sets.byTags', { tags: set.tags.join(', ') }) : t('sets.manual')}</td>
                <td>{set.messageCount}</td>
                <td>
                  <ButtonGroup variant="minimal">
                    <Button small text={t('sets.show')} onClick={() => onFilter(set.id)} />
                    <Link className="bp6-button bp6-minimal bp6-small" to={`${paths.qualification(projectId)}?set=${encodeURIComponent(set.id)}`}>
                      {t('sets.qualify')}
                    </Link>
                    <Button small icon="trash" intent={Intent.DANGER} aria-label={t('sets.delete', { name: set.name })} onClick={() => onDelete(set)} />
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}

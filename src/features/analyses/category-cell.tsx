/** The analyses list's category cell: each final category as a button that filters the list on it. */
import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export function CategoryCell({ names, onFilter }: { names: readonly string[]; onFilter: (name: string) => void }) {
  const { t } = useTranslation('analyses');
  return (
    <span data-testid="analysis-categories">
      {names.map((name) => (
        <Button key={name} minimal small icon="tag" text={name} title={t('list.filterByCategory', { category: name })} aria-label={t('list.filterByCategory', { category: name })} onClick={() => onFilter(name)} />
      ))}
    </span>
  );
}

import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from './paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="p-centered">
      <NonIdealState
        icon="search"
        title={t('notFound.title')}
        description={t('notFound.description')}
        action={<Link to={paths.index()}>{t('notFound.home')}</Link>}
      />
    </main>
  );
}

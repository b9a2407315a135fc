
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from './paths';
import { EmptyState } from '../ui/empty-state';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="p-centered">
      <EmptyState
        icon="search"
        // The page's own heading, a level one (NonIdealState's title is a fourth-level heading).
        description={
          <>
            <h1 className="p-page__title">{t('notFound.title')}</h1>
            <p>{t('notFound.description')}</p>
          </>
        }
        action={<Link to={paths.index()}>{t('notFound.home')}</Link>}
      />
    </main>
  );
}

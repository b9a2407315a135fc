
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from './paths';
import { EmptyState } from '../ui/empty-state';

/**
 * Shown instead of a page the user's role may not use (src/contract/page-access.ts): the page is
 * never loaded, so no call of it is refused. The home page is one every signed-in user may open.
 */
export function NoAccessPage() {
  const { t } = useTranslation();
  return (
    <main className="p-centered" role="alert" data-testid="no-access">
      <EmptyState icon="lock" title={t('noAccess.title')} description={t('noAccess.description')} action={<Link to={paths.index()}>{t('noAccess.home')}</Link>} />
    </main>
  );
}

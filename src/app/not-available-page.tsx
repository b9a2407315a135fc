
import { useTranslation } from 'react-i18next';
import { useRouteTitleKey } from './page-title';
import { EmptyState } from '../ui/empty-state';

/** A screen not built yet: its layout, its title and a plain "not available yet" state. */
export function NotAvailablePage() {
  const { t } = useTranslation(['routes', 'common']);
  const titleKey = useRouteTitleKey();
  return (
    <section className="p-page" data-testid="not-available">
      <h1 className="p-page__title">{titleKey ? t(`routes:${titleKey}` as never) : ''}</h1>
      <EmptyState icon="build" title={t('common:notAvailable.title')} description={t('common:notAvailable.description')} />
    </section>
  );
}

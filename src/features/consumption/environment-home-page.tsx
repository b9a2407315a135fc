/**
 * The environment home (index of the environment layout): where a user of the environment lands,
 * so the consumption widget lives here (the dashboard is a page of its own).
 */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConsumptionWidget } from './consumption-widget';

export function EnvironmentHomePage() {
  const { t } = useTranslation('routes');
  const envId = useParams().envId ?? '';
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('environmentHome')}</h1>
      <ConsumptionWidget envId={envId} />
    </section>
  );
}

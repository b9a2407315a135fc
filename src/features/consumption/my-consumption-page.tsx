/**
 * /consumption (private layout): the current contract year of every organisation the user belongs
 * to, each with its quota, months, projects and footprint, and a link to the organisation's page
 * for earlier years.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { OrganisationConsumptionView } from './organisation-consumption-view';
import { browserTimeZone, consumptionQueries } from './queries';

export function MyConsumptionPage() {
  const { t } = useTranslation(['consumption', 'routes']);
  const { language } = usePreferences();
  const mine = useQuery(consumptionQueries.mine(browserTimeZone()));
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:consumption')}</h1>
      <p>{t('mine.intro')}</p>
      <ListState
        query={mine}
        isEmpty={(mine.data ?? []).length === 0}
        emptyText={t('mine.empty')}
        errorText={t('mine.error')}
      >
        {(mine.data ?? []).map((orga) => (
          <Card key={orga.organisationId} className="p-consumption-orga" aria-labelledby={`orga-${orga.organisationId}`}>
            <div className="p-page__header">
              <h2 id={`orga-${orga.organisationId}`}>{orga.organisationName}</h2>
              <Link to={paths.orgaConsumption(orga.organisationId)}>{t('mine.open', { name: orga.organisationName })}</Link>
            </div>
            <OrganisationConsumptionView data={orga} language={language} headingLevel={3} />
          </Card>
        ))}
      </ListState>
    </section>
  );
}

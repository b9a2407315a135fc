import { Navigate, Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card } from '@blueprintjs/core';
import { Pending } from '../ui/pending';
import { useTranslation } from 'react-i18next';
import { authQueries } from '../features/auth/queries';
import { paths } from './paths';
import { EmptyState } from '../ui/empty-state';

/** /orga: straight to the user's organisation, or a choice when they belong to several. */
export function OrganisationsIndex() {
  const { t } = useTranslation(['routes', 'common']);
  const query = useQuery(authQueries.currentUser());
  const user = query.data;
  if (!user) return <Pending queries={[query]} aria-label={t('common:loading')} />;
  const [first, ...others] = user.organisations;
  if (!first) return <EmptyState icon="office" title={t('common:organisations.none')} />;
  if (others.length === 0) return <Navigate to={paths.orga(first.id)} replace />;
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:organisations')}</h1>
      <div className="p-card-list">
        {user.organisations.map((orga) => (
          <Card key={orga.id} interactive>
            <Link to={paths.orga(orga.id)}>{orga.name}</Link>
          </Card>
        ))}
      </div>
    </section>
  );
}

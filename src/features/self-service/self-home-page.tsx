/**
 * The light user's home (spec §2.4 Self-service): a welcome, the month's quota used and
 * left across all their use cases with the day it renews, their use cases as cards with their last
 * activity, and "new use case".
 */
import { useQuery } from '@tanstack/react-query';
import { Card, H2, Intent, ProgressBar } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { formatDate, formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import type { SelfServiceQuota } from '../../contract/self-service';
import { selfServiceQueries } from './queries';

function QuotaGauge({ quota }: { quota: SelfServiceQuota }) {
  const { t } = useTranslation('selfService');
  const { language } = usePreferences();
  const share = quota.monthlyQuota === 0 ? 1 : Math.min(1, quota.used / quota.monthlyQuota);
  return (
    <Card data-testid="self-quota" style={{ marginBottom: '1rem' }}>
      <H2 className="p-card-heading">{t('home.quotaTitle')}</H2>
      <ProgressBar value={share} stripes={false} animate={false} intent={quota.left === 0 ? Intent.DANGER : share > 0.8 ? Intent.WARNING : Intent.PRIMARY} aria-label={t('home.quotaTitle')} />
      <p>{t('home.quotaUsed', { count: quota.used, total: quota.monthlyQuota, left: quota.left })}</p>
      <p className="bp6-text-muted">{t('home.quotaRenews', { date: formatDate(quota.renewsOn, language) })}</p>
    </Card>
  );
}

export function SelfHomePage() {
  const { t } = useTranslation('selfService');
  const { language } = usePreferences();
  const overview = useQuery(selfServiceQueries.overview());
  const data = overview.data;
  return (
    <section className="p-page">
      <h1 className="p-page__title">{data ? t('home.welcome', { name: data.firstname }) : t('home.title')}</h1>
      <p className="bp6-text-muted">{t('home.intro')}</p>
      <ListState query={overview} isEmpty={false} errorText={t('home.error')}>
        {data && (
          <>
            <QuotaGauge quota={data.quota} />
            <p>
              <Link to={paths.selfNew()} className="bp6-button bp6-intent-primary">
                {t('home.newUseCase')}
              </Link>
            </p>
            {data.useCases.length === 0 ? (
              <p>{t('home.noUseCase')}</p>
            ) : (
              <ul className="p-card-list" aria-label={t('home.useCases')} style={{ listStyle: 'none', padding: 0 }}>
                {data.useCases.map((useCase) => (
                  <li key={useCase.id}>
                    <Card data-use-case={useCase.id} style={{ marginBottom: '0.75rem' }}>
                      <H2 className="p-card-heading">
                        <Link to={paths.selfAnalyses(useCase.id)}>{useCase.name}</Link>
                      </H2>
                      <p>{t('home.analysesThisMonth', { count: useCase.analysesThisMonth })}</p>
                      <p className="bp6-text-muted">
                        {useCase.lastActivityAt === null
                          ? t('home.noActivity')
                          : t('home.lastActivity', { date: formatDateTime(useCase.lastActivityAt, language) })}
                      </p>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </ListState>
    </section>
  );
}

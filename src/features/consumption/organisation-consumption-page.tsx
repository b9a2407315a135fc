/** /orga/{orgaId}/consumption: a contract year of the organisation (current by default, earlier ones from the picker). */
import { useState } from 'react';
import { useParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HTMLSelect } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { formatDay } from './format';
import { OrganisationConsumptionView } from './organisation-consumption-view';
import { browserTimeZone, consumptionQueries } from './queries';
import { Field } from '../../ui/form';

/** "2026" for a year starting on 1 January, "2026 – 2027" otherwise. */
export function yearLabel(year: number, contractStartDate: string): string {
  return contractStartDate.slice(5) === '01-01' ? String(year) : `${year} – ${year + 1}`;
}

export function OrganisationConsumptionPage() {
  const { t } = useTranslation(['consumption', 'routes']);
  const orgaId = useParams().orgaId ?? '';
  const { language } = usePreferences();
  const [year, setYear] = useState<number | undefined>(undefined);
  const consumption = useQuery({
    ...consumptionQueries.organisation(orgaId, year, browserTimeZone()),
    placeholderData: keepPreviousData,
  });
  const data = consumption.data;

  return (
    <section className="p-page">
      <div className="p-page__header">
        <h1 className="p-page__title">{t('routes:orgaConsumption')}</h1>
        {data && (
          <Field label={t('page.year')} labelFor="consumption-year" inline>
            <HTMLSelect
              id="consumption-year"
              value={data.contractYear.year}
              onChange={(event) => setYear(Number(event.currentTarget.value))}
              options={data.years.map((value) => ({ value, label: yearLabel(value, data.contractStartDate) }))}
            />
          </Field>
        )}
      </div>
      <ListState
        query={consumption}
        isEmpty={false}
        emptyText={t('page.empty')}
        errorText={t('page.error')}
      >
        {data && (
          <>
            <p className="bp6-text-muted">{t('page.contractStart', { date: formatDay(data.contractStartDate, language) })}</p>
            <OrganisationConsumptionView data={data} language={language} />
          </>
        )}
      </ListState>
    </section>
  );
}

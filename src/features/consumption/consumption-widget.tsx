/**
 * The consumption widget (spec §2.4): analyses of the environment on a chosen day, what is left of
 * the organisation's yearly quota, and a "manage" link to the organisation's consumption page.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card } from '@blueprintjs/core';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { formatCount, formatDay } from './format';
import { browserTimeZone, consumptionQueries } from './queries';
import { QuotaMeter } from './quota-meter';
import './consumption.css';
import { DateField } from '../../ui/date-field';
import { Field } from '../../ui/form';

export function ConsumptionWidget({ envId }: { envId: string }) {
  const { t } = useTranslation('consumption');
  const { language } = usePreferences();
  const [date, setDate] = useState(() => format(new Date(), 'yyyy-MM-dd'));
  // An incomplete date typed in the field is not sent; the last valid figures stay on screen.
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const consumption = useQuery({
    ...consumptionQueries.environment(envId, valid ? date : undefined, browserTimeZone()),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const data = consumption.data;
  return (
    <Card className="p-consumption-widget" data-testid="consumption-widget">
      <h2>{t('widget.title')}</h2>
      <Field label={t('widget.date')} labelFor="consumption-date" inline>
        <DateField id="consumption-date" value={date} onChange={setDate} />
      </Field>
      <ListState
        query={consumption}
        isEmpty={false}
        emptyText=""
        errorText={t('widget.error')}
      >
        {data && (
          <>
            <p className="p-consumption-widget__figure" data-testid="analyses-on-date">
              {t('widget.analysesOnDate', { count: data.analyses, n: formatCount(data.analyses, language), date: formatDay(data.date, language) })}
            </p>
            <p className="bp6-text-muted">{t('widget.hint')}</p>
            <QuotaMeter quota={data.quota} contractYear={data.contractYear} language={language} />
            {data.canOpenOrganisation && <Link to={paths.orgaConsumption(data.organisationId)}>{t('widget.manage')}</Link>}
          </>
        )}
      </ListState>
    </Card>
  );
}

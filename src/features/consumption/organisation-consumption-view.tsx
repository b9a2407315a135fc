/** One organisation's contract year: quota left, the chart per month and project, the table and the CO2 footprint. */

import { useTranslation } from 'react-i18next';
import type { OrganisationConsumption } from '../../contract/consumption';
import type { Language } from '../../storage/preferences';
import { Co2Panel } from './co2-panel';
import { ConsumptionTable } from './consumption-table';
import { MonthlyChart } from './monthly-chart';
import { QuotaMeter } from './quota-meter';
import './consumption.css';
import { EmptyState } from '../../ui/empty-state';

export function OrganisationConsumptionView({
  data,
  language,
  headingLevel = 2,
}: {
  data: OrganisationConsumption;
  language: Language;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('consumption');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <>
      <QuotaMeter quota={data.quota} contractYear={data.contractYear} language={language} />
      {data.quota.used === 0 ? (
        <EmptyState icon="timeline-bar-chart" title={t('page.empty')} />
      ) : (
        <>
          <section className="p-section">
            <Heading>{t('page.months')}</Heading>
            <MonthlyChart data={data} language={language} />
          </section>
          <section className="p-section">
            <Heading>{t('page.perProject')}</Heading>
            <ConsumptionTable data={data} language={language} />
          </section>
        </>
      )}
      <Co2Panel co2={data.co2} method={data.method} language={language} headingLevel={headingLevel} />
    </>
  );
}

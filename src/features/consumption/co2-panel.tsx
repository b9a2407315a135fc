/** The CO2 footprint of a contract year and how it is calculated, with the figures in force (spec §9). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Co2Footprint, Co2Method } from '../../contract/consumption';
import type { Language } from '../../storage/preferences';
import { formatCount, formatDay, formatQuantity, shownQuantity } from './format';

export function Co2Panel({
  co2,
  method,
  language,
  headingLevel = 2,
}: {
  co2: Co2Footprint;
  method: Co2Method;
  language: Language;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('consumption');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  const titleId = useId();
  const q = (value: number) => formatQuantity(value, language);
  const hours = co2.cpuMs / 3_600_000;
  const figures = { watts: q(method.wattsPerCore), pue: q(method.pue), factor: q(method.kgCo2PerKwh) };
  return (
    <section className="p-section p-co2" aria-labelledby={titleId}>
      <Heading id={titleId}>{t('co2.title')}</Heading>
      <p className="p-co2__figure" data-testid="co2-figure">
        {t('co2.figure', { count: shownQuantity(hours), kg: q(co2.kgCo2), kWh: q(co2.kWh), hours: q(hours) })}
      </p>
      <p className="bp6-text-muted">{t('co2.since', { date: formatDay(method.since, language) })}</p>
      <SubHeading>{t('co2.methodTitle')}</SubHeading>
      <p>{t('co2.methodIntro')}</p>
      <pre className="p-co2__formula">
        {t('co2.formulaEnergy', figures)}
        {'\n'}
        {t('co2.formulaCo2', figures)}
      </pre>
      <ul>
        <li>{t('co2.watts', figures)}</li>
        <li>{t('co2.pue', figures)}</li>
        <li>{t('co2.factor', figures)}</li>
      </ul>
      <p className="bp6-text-muted">
        {t('co2.limits')} ({formatCount(co2.cpuMs, language)} ms CPU)
      </p>
    </section>
  );
}

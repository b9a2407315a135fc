/** The figures behind the chart: one row per project, one column per month, totals last. */

import { useTranslation } from 'react-i18next';
import type { OrganisationConsumption } from '../../contract/consumption';
import type { Language } from '../../storage/preferences';
import { formatCount, formatDay, formatMonth, formatQuantity } from './format';
import { DataTable } from '../../ui/data-table';

export function ConsumptionTable({ data, language }: { data: OrganisationConsumption; language: Language }) {
  const { t } = useTranslation('consumption');
  const n = (value: number) => formatCount(value, language);
  return (
    <div className="p-table-scroll" tabIndex={0} role="region" aria-label={t('page.perProject')}>
      <DataTable className="p-table p-consumption-table" compact striped>
        <thead>
          <tr>
            <th scope="col">{t('page.project')}</th>
            {data.months.map((month) => (
              <th scope="col" key={month.month} title={`${formatDay(month.from, language)} – ${formatDay(month.to, language)}`}>
                {formatMonth(month.month, language)}
              </th>
            ))}
            <th scope="col">{t('page.total')}</th>
            <th scope="col">{t('page.co2Column')}</th>
          </tr>
        </thead>
        <tbody>
          {data.projects.map((project) => (
            <tr key={project.projectId ?? 'others'}>
              <th scope="row">{project.name ?? t('page.otherProjects')}</th>
              {project.perMonth.map((value, index) => (
                <td key={data.months[index]?.month ?? index}>{n(value)}</td>
              ))}
              <td>
                <strong>{n(project.analyses)}</strong>
              </td>
              <td>{formatQuantity(project.co2.kgCo2, language)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('page.total')}</th>
            {data.months.map((month) => (
              <td key={month.month}>
                <strong>{n(month.analyses)}</strong>
              </td>
            ))}
            <td>
              <strong>{n(data.quota.used)}</strong>
            </td>
            <td>
              <strong>{formatQuantity(data.co2.kgCo2, language)}</strong>
            </td>
          </tr>
        </tfoot>
      </DataTable>
    </div>
  );
}

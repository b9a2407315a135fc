/**
 * Organisations as the SRE sees them (admin area, profile section): every organisation
 * with its contract start date, yearly quota, members and pending invitations, and "new
 * organisation" with its first administrator. The server answers the SRE only.
 */
import { useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { NewOrganisationDialog } from './new-organisation-dialog';
import { sreQueries } from './queries';
import { DataTable } from '../../ui/data-table';

export function OrganisationsPage() {
  const { t } = useTranslation('sre');
  const { language } = usePreferences();
  const [creating, setCreating] = useState(false);
  const list = useQuery(sreQueries.organisations());
  const rows = list.data ?? [];
  const n = (value: number) => new Intl.NumberFormat(language).format(value);
  return (
    <section className="p-page">
      <div className="p-page__header">
        <h1 className="p-page__title">{t('organisations.title')}</h1>
        <Button icon="add" intent="primary" text={t('organisations.new')} onClick={() => setCreating(true)} />
      </div>
      <ListState query={list} isEmpty={rows.length === 0} emptyText={t('organisations.empty')} errorText={t('organisations.error')}>
        <DataTable className="p-table" compact striped aria-label={t('organisations.title')} data-testid="sre-organisations">
          <thead>
            <tr>
              <th scope="col">{t('organisations.fields.name')}</th>
              <th scope="col">{t('organisations.fields.contractStartDate')}</th>
              <th scope="col">{t('organisations.fields.yearlyQuota')}</th>
              <th scope="col">{t('organisations.members')}</th>
              <th scope="col">{t('organisations.pendingInvitations')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((orga) => (
              <tr key={orga.id} data-organisation-id={orga.id}>
                <th scope="row">{orga.name}</th>
                <td>{formatDate(new Date(`${orga.contractStartDate}T00:00:00`), language)}</td>
                <td>{orga.yearlyQuota === null ? t('organisations.noQuota') : n(orga.yearlyQuota)}</td>
                <td>{n(orga.members)}</td>
                <td>{n(orga.pendingInvitations)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      {creating && <NewOrganisationDialog onClose={() => setCreating(false)} />}
    </section>
  );
}

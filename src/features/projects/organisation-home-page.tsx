/** Organisation home (spec §2.4 Projects list): the projects the user may see, searched and sorted. */
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { ListState } from '../../ui/list-state';
import { paths } from '../../app/paths';
import { projectQueries } from './queries';
import { DataTable } from '../../ui/data-table';
import { TooltipWhenShown } from '../../ui/tooltip-when-shown';

type Sort = 'name' | 'date';

export function OrganisationHomePage() {
  const { t } = useTranslation(['projects', 'routes']);
  const orgaId = useParams().orgaId ?? '';
  const { language } = usePreferences();
  const organisation = useQuery(projectQueries.organisation(orgaId));
  const projects = useQuery(projectQueries.list(orgaId));
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>('name');

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    const found = (projects.data ?? []).filter(
      (p) => !needle || p.name.toLowerCase().includes(needle) || (p.notes ?? '').toLowerCase().includes(needle),
    );
    return [...found].sort((a, b) => (sort === 'name' ? a.name.localeCompare(b.name) : b.createdAt.localeCompare(a.createdAt)));
  }, [projects.data, search, sort]);

  const isAdmin = organisation.data?.isAdmin === true;

  return (
    <section className="p-page">
      <div className="p-page__header">
        <h1 className="p-page__title">{organisation.data?.name ?? t('routes:orgaHome')}</h1>
        {isAdmin ? (
          <Link to={paths.projectNew(orgaId)} className="bp6-button bp6-intent-primary">
            {t('list.new')}
          </Link>
        ) : (
          <TooltipWhenShown content={t('list.notAdmin')}>
            <Button icon="add" text={t('list.new')} disabled />
          </TooltipWhenShown>
        )}
      </div>
      <div className="p-toolbar">
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t('list.search')}
          aria-label={t('list.search')}
          value={search}
          onValueChange={setSearch}
        />
        <HTMLSelect
          aria-label={t('list.sort')}
          value={sort}
          onChange={(event) => setSort(event.currentTarget.value as Sort)}
          options={[
            { value: 'name', label: `${t('list.sort')} : ${t('list.sortName')}` },
            { value: 'date', label: `${t('list.sort')} : ${t('list.sortDate')}` },
          ]}
        />
      </div>
      <ListState
        query={projects}
        isEmpty={shown.length === 0}
        emptyText={search ? t('list.noMatch') : t('list.empty')}
        errorText={t('list.error')}
      >
        <DataTable className="p-table" interactive striped>
          <thead>
            <tr>
              <th>{t('list.name')}</th>
              <th>{t('list.type')}</th>
              <th>{t('list.createdAt')}</th>
              <th>{t('list.notes')}</th>
              <th>{t('list.environments')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((project) => (
              <tr key={project.id}>
                <td>
                  <Link to={paths.project(project.id)}>{project.name}</Link>
                </td>
                <td>
                  <Tag minimal>{project.type}</Tag>
                </td>
                <td>{formatDate(project.createdAt, language)}</td>
                <td>{project.notes}</td>
                <td>{project.environmentsCount}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
    </section>
  );
}

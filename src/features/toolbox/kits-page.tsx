/**
 * Toolbox → kits (spec §2.2, §2.4): the organisation's kits and the published ones, with a
 * search on name and description, and a new kit for those who may change the toolbox.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, HTMLSelect, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { toolboxQueries } from '../../api/toolbox-query';
import { createKit } from '../../contract/toolbox';
import { ListState } from '../../ui/list-state';
import { toast } from '../../ui/toasts/toast-service';
import { toolboxErrorText } from '../../ui/toolbox-errors';
import { KitDialog } from './kit-dialog';
import { toolboxLinks } from './links';
import { Field } from '../../ui/form';
import { DataTable } from '../../ui/data-table';

export interface OrganisationChoice {
  orgaId: string;
  organisations: readonly { id: string; name: string }[];
  onOrganisation: (orgaId: string) => void;
}

export function KitsPage({ orgaId, organisations, onOrganisation }: OrganisationChoice) {
  const { t } = useTranslation(['toolbox', 'routes']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const list = useQuery(toolboxQueries.kits(orgaId, search.trim()));
  const kits = list.data?.kits ?? [];

  return (
    <section className="p-page">
      <div className="p-page__header">
        <h1 className="p-page__title">{t('routes:kits')}</h1>
        <div className="p-toolbar">
          {list.data?.editable && <Button icon="add" intent={Intent.PRIMARY} text={t('kits.add')} onClick={() => setCreating(true)} />}
        </div>
      </div>
      <div className="p-toolbar" style={{ marginBottom: '1rem' }}>
        {organisations.length > 1 && (
          <Field label={t('kits.organisation')} labelFor="toolbox-organisation" inline>
            <HTMLSelect id="toolbox-organisation" value={orgaId} onChange={(event) => onOrganisation(event.currentTarget.value)} options={organisations.map((item) => ({ value: item.id, label: item.name }))} />
          </Field>
        )}
        <InputGroup leftIcon="search" type="search" placeholder={t('kits.search')} aria-label={t('kits.search')} value={search} onValueChange={setSearch} />
      </div>
      <ListState query={list} isEmpty={kits.length === 0} emptyText={search ? t('kits.noMatch') : t('kits.empty')} errorText={t('kits.error')}>
        <DataTable className="p-table" striped interactive>
          <thead>
            <tr>
              <th>{t('fields.name')}</th>
              <th>{t('fields.notes')}</th>
              <th>{t('kits.components')}</th>
              <th>{t('kits.children')}</th>
              <th>{t('kits.revision')}</th>
            </tr>
          </thead>
          <tbody>
            {kits.map((kit) => (
              <tr key={kit.id} data-kit={kit.name}>
                <td>
                  <Link to={toolboxLinks.kit(orgaId, kit.id)}>{kit.name}</Link> {kit.published && <Tag minimal intent={Intent.PRIMARY}>{t('kits.published')}</Tag>}
                </td>
                <td>{kit.notes}</td>
                <td>{kit.componentCount}</td>
                <td>{kit.childCount}</td>
                <td>{kit.revision}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      {creating && (
        <KitDialog
          onClose={() => setCreating(false)}
          onSave={async (value) => {
            try {
              const kit = await request(createKit, { params: { orgaId }, body: { ...value, published: false, childKitIds: [] } });
              await queryClient.invalidateQueries({ queryKey: toolboxQueries.organisation(orgaId) });
              void navigate(toolboxLinks.kit(orgaId, kit.id));
            } catch (error) {
              toast.error({ summary: t('kits.createFailed'), detail: toolboxErrorText(error) });
            }
          }}
        />
      )}
    </section>
  );
}

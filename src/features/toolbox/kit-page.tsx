/**
 * Toolbox → kits/{kitId}: the kit's name, description and child kits (cycles are refused
 * by the server, whose message is shown), its tree of components and child kits, the kits that
 * include it, a new component, and deletion (confirmed; refused while environments are synced to it).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Card, H2, Intent } from '@blueprintjs/core';
import { Pending } from '../../ui/pending';
import { BreadcrumbTrail } from '../../ui/breadcrumb-trail';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { toolboxQueries } from '../../api/toolbox-query';
import { deleteKit, updateKit, type KitDetails } from '../../contract/toolbox';
import { AutoForm, type AutoField } from '../../ui/auto-form';
import { confirm } from '../../ui/dialogs/dialog-service';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { toolboxErrorText } from '../../ui/toolbox-errors';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { kitFields } from './kit-dialog';
import { KitTreeView } from './kit-tree';
import { toolboxLinks } from './links';
import { useToolboxSave } from './toolbox-save';
import { LoadError } from '../../ui/load-error';
import { Form } from '../../ui/form';

interface Draft extends Record<string, unknown> {
  name: string;
  notes: string;
  published: boolean;
  childKitIds: string[];
}

const draftOf = (details: KitDetails): Draft => ({ name: details.kit.name, notes: details.kit.notes, published: details.kit.published, childKitIds: details.tree.children.map((child) => child.kit.id) });

export function KitPage({ orgaId, kitId }: { orgaId: string; kitId: string }) {
  const { t } = useTranslation(['toolbox', 'routes', 'common']);
  const details = useQuery(toolboxQueries.kit(orgaId, kitId));
  if (details.isPending) return <Pending queries={[details]} aria-label={t('kit.loading')} />;
  if (details.isError) return <LoadError title={t('kit.error')} query={details} missing={{ text: t('common:missing.text.kit'), back: { to: toolboxLinks.kits(orgaId), text: t('common:missing.back.kits') } }} />;
  return <KitEditor key={`${kitId}-${details.data.kit.revision}`} orgaId={orgaId} details={details.data} />;
}

function KitEditor({ orgaId, details }: { orgaId: string; details: KitDetails }) {
  const { t } = useTranslation(['toolbox', 'routes']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kits = useQuery(toolboxQueries.kits(orgaId));
  const [saved, setSaved] = useState(() => draftOf(details));
  const [draft, setDraft] = useState(saved);
  const { save: send, saving } = useToolboxSave(orgaId, () => setSaved(draft));
  useEffect(() => setSaved(draftOf(details)), [details]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const kit = details.kit;

  const save = () => send(() => request(updateKit, { params: { orgaId, kitId: kit.id }, body: draft }));
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });

  const remove = async () => {
    if (!(await confirm({ body: t('kit.deleteConfirm', { name: kit.name }), danger: true }))) return;
    try {
      await request(deleteKit, { params: { orgaId, kitId: kit.id } });
      toast.success({ summary: tr('errors:generic.delete.success') });
      await queryClient.invalidateQueries({ queryKey: toolboxQueries.organisation(orgaId) });
      void navigate(toolboxLinks.kits(orgaId));
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: toolboxErrorText(error) });
    }
  };

  const others = (kits.data?.kits ?? []).filter((other) => other.id !== kit.id);
  const fields: AutoField<'name' | 'notes' | 'published' | 'childKitIds'>[] = [
    ...kitFields(t as (key: string) => string).map((field) => ({ ...field, disabled: !details.editable })),
    // Provider staff publish a kit to every organisation (it then shows in the use-case library).
    { name: 'published', kind: 'switch', label: t('kit.published'), hidden: !details.canPublish },
    { name: 'childKitIds', kind: 'checklist', label: t('kit.children'), options: others.map((other) => ({ value: other.id, label: other.name })), disabled: !details.editable },
  ];

  return (
    <section className="p-page">
      {guard}
      <BreadcrumbTrail items={[{ text: t('routes:kits'), href: toolboxLinks.kits(orgaId) }, { text: kit.name, current: true }]} />
      <div className="p-page__header">
        <h1 className="p-page__title">{kit.name}</h1>
        <div className="p-toolbar">
          {details.editable && <Link className="bp6-button" to={toolboxLinks.newComponent(orgaId, kit.id)}>{t('kit.addComponent')}</Link>}
          {details.editable && <Button icon="trash" intent={Intent.DANGER} text={t('kit.delete')} onClick={() => void remove()} />}
        </div>
      </div>
      {!details.editable && <Callout intent={Intent.PRIMARY}>{kit.published ? t('kit.publishedReadOnly') : t('kit.readOnly')}</Callout>}
      <p className="bp6-text-muted">{t('kit.revisionLine', { revision: kit.revision })}</p>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <AutoForm id="kit" fields={fields} value={draft} onChange={setDraft} />
        {details.editable && <Button type="submit" intent={Intent.PRIMARY} text={t('actions.save')} loading={saving} disabled={!dirty || draft.name.trim() === ''} />}
      </Form>
      <Card style={{ marginTop: '1.5rem' }}>
        <H2 className="p-card-heading">{t('kit.tree')}</H2>
        <KitTreeView orgaId={orgaId} tree={details.tree} />
      </Card>
      <H2 className="p-card-heading" style={{ marginTop: '1.5rem' }}>{t('kit.parents')}</H2>
      {details.parents.length === 0 ? (
        <p className="bp6-text-muted">{t('kit.noParents')}</p>
      ) : (
        <ul>
          {details.parents.map((parent) => (
            <li key={parent.id}>
              <Link to={toolboxLinks.kit(orgaId, parent.id)}>{parent.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

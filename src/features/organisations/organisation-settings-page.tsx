/**
 * Organisation settings: name, contract start date (default 1 January), yearly quota and the light
 * users' monthly quota (default 100); admins edit, others read.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Card } from '@blueprintjs/core';
import { Pending } from '../../ui/pending';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { organisationSettingsSchema, updateOrganisation, type Organisation } from '../../contract/organisations';
import { AutoForm, fieldErrors, type AutoField } from '../../ui/auto-form';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { IdentityProviderSection } from './identity-provider-section';
import { MembersSection } from './members-page';
import { organisationQueries } from './queries';
import { Form } from '../../ui/form';

type SettingsForm = Pick<Organisation, 'name' | 'contractStartDate' | 'yearlyQuota' | 'selfServiceMonthlyQuota'>;

const formOf = (orga: Organisation): SettingsForm => ({
  name: orga.name,
  contractStartDate: orga.contractStartDate,
  yearlyQuota: orga.yearlyQuota,
  selfServiceMonthlyQuota: orga.selfServiceMonthlyQuota,
});

export function OrganisationSettingsPage() {
  const { t } = useTranslation(['organisations', 'routes', 'common']);
  const orgaId = useParams().orgaId ?? '';
  const queryClient = useQueryClient();
  const orga = useQuery(organisationQueries.detail(orgaId));
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [issues, setIssues] = useState<Record<string, string>>({});
  useEffect(() => {
    if (orga.data) setForm(formOf(orga.data));
  }, [orga.data]);
  const fields: AutoField<keyof SettingsForm>[] = [
    { name: 'name', kind: 'text', label: t('settings.name'), required: true },
    { name: 'contractStartDate', kind: 'date', label: t('settings.contractStart'), help: t('settings.contractStartHelp'), required: true },
    { name: 'yearlyQuota', kind: 'number', label: t('settings.quota'), help: t('settings.quotaHelp'), min: 0, nullable: true },
    { name: 'selfServiceMonthlyQuota', kind: 'number', label: t('settings.selfServiceQuota'), help: t('settings.selfServiceQuotaHelp'), min: 0, max: 1_000_000 },
  ];
  const readOnly = orga.data?.isAdmin !== true;
  const dirty = orga.data !== undefined && form !== null && JSON.stringify(form) !== JSON.stringify(formOf(orga.data));

  const save = async () => {
    if (form === null) return false;
    // The contract's own rules, each field's problem in the user's language, before anything is sent.
    const parsed = organisationSettingsSchema.safeParse(form);
    if (!parsed.success) {
      setIssues(fieldErrors(parsed.error.issues, (issue) => t(`settings.invalid.${String(issue.path[0])}` as 'settings.invalid.name')));
      return false;
    }
    setIssues({});
    try {
      const saved = await request(updateOrganisation, { params: { orgaId }, body: parsed.data });
      queryClient.setQueryData(organisationQueries.detail(orgaId).queryKey, saved);
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: errorMessage(error) });
      return false;
    }
  };
  const guard = useUnsavedChangesGuard({ when: !readOnly && dirty, onSave: save });

  if (!orga.data || form === null) return orga.error ? <Callout intent="danger">{errorMessage(orga.error)}</Callout> : <Pending queries={[orga]} />;
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:orgaSettings')}</h1>
      {readOnly && <Callout icon="info-sign">{t('settings.readOnly')}</Callout>}
      <Card className="p-section">
        <Form
          aria-label={t('routes:orgaSettings')}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <AutoForm id="orga" fields={fields} value={form} onChange={setForm} errors={issues} readOnly={readOnly} />
          {!readOnly && <Button type="submit" intent="primary" text={t('common:actions.save')} disabled={!dirty} />}
        </Form>
      </Card>
      <MembersSection />
      {!readOnly && <IdentityProviderSection orgaId={orgaId} />}
      {guard}
    </section>
  );
}

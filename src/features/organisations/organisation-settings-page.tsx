/**
 * Organisation settings: name, contract start date (default 1 January), yearly quota and the light
 * users' monthly quota (issue 22, default 100); admins edit, others read.
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Card, FormGroup, InputGroup, Spinner } from '@blueprintjs/core';
import { NumericInput } from '../../ui/numeric-input';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { updateOrganisation } from '../../contract/organisations';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { IdentityProviderSection } from './identity-provider-section';
import { MembersSection } from './members-page';
import { organisationQueries } from './queries';
import { DateField } from '../../ui/date-field';

export function OrganisationSettingsPage() {
  const { t } = useTranslation(['organisations', 'routes', 'common']);
  const orgaId = useParams().orgaId ?? '';
  const queryClient = useQueryClient();
  const orga = useQuery(organisationQueries.detail(orgaId));
  const [name, setName] = useState('');
  const [start, setStart] = useState('');
  const [quota, setQuota] = useState<number | null>(null);
  const [selfQuota, setSelfQuota] = useState(0);
  useEffect(() => {
    if (orga.data) {
      setName(orga.data.name);
      setStart(orga.data.contractStartDate);
      setQuota(orga.data.yearlyQuota);
      setSelfQuota(orga.data.selfServiceMonthlyQuota);
    }
  }, [orga.data]);
  const readOnly = orga.data?.isAdmin !== true;
  const dirty =
    orga.data !== undefined &&
    (name !== orga.data.name || start !== orga.data.contractStartDate || quota !== orga.data.yearlyQuota || selfQuota !== orga.data.selfServiceMonthlyQuota);

  const save = async () => {
    try {
      const saved = await request(updateOrganisation, { params: { orgaId }, body: { name, contractStartDate: start, yearlyQuota: quota, selfServiceMonthlyQuota: selfQuota } });
      queryClient.setQueryData(organisationQueries.detail(orgaId).queryKey, saved);
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: errorMessage(error) });
      return false;
    }
  };
  const guard = useUnsavedChangesGuard({ when: !readOnly && dirty, onSave: save });

  if (!orga.data) return orga.error ? <Callout intent="danger">{errorMessage(orga.error)}</Callout> : <Spinner />;
  return (
    <section className="p-page">
      <h1 className="p-page__title">{t('routes:orgaSettings')}</h1>
      {readOnly && <Callout icon="info-sign">{t('settings.readOnly')}</Callout>}
      <Card className="p-section">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <FormGroup label={t('settings.name')} labelFor="orga-name">
            <InputGroup id="orga-name" value={name} onValueChange={setName} readOnly={readOnly} required />
          </FormGroup>
          <FormGroup label={t('settings.contractStart')} labelFor="orga-start" helperText={t('settings.contractStartHelp')}>
            <DateField id="orga-start" value={start} onChange={setStart} readOnly={readOnly} required />
          </FormGroup>
          <FormGroup label={t('settings.quota')} labelFor="orga-quota" helperText={t('settings.quotaHelp')}>
            <NumericInput
              id="orga-quota"
              min={0}
              value={quota ?? ''}
              readOnly={readOnly}
              onValueChange={(n, text) => setQuota(text.trim() === '' ? null : Number.isFinite(n) ? n : quota)}
            />
          </FormGroup>
          <FormGroup label={t('settings.selfServiceQuota')} labelFor="orga-self-quota" helperText={t('settings.selfServiceQuotaHelp')}>
            <NumericInput
              id="orga-self-quota"
              min={0}
              max={1_000_000}
              value={selfQuota}
              readOnly={readOnly}
              onValueChange={(n) => setSelfQuota(Number.isFinite(n) && n >= 0 ? Math.floor(n) : selfQuota)}
            />
          </FormGroup>
          {!readOnly && <Button type="submit" intent="primary" text={t('common:actions.save')} disabled={!dirty} />}
        </form>
      </Card>
      <MembersSection />
      {!readOnly && <IdentityProviderSection orgaId={orgaId} />}
      {guard}
    </section>
  );
}

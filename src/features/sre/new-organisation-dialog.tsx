/**
 * "New organisation": the organisation — name, contract start date (1 January when left
 * empty, §9), yearly quota (empty: none) — and its first administrator, who is invited by mail.
 * Fields are descriptors for AutoForm, checked with the contract's schema before sending; closing
 * with something typed asks first; a refusal (username or email taken) keeps everything typed.
 */
import { useState } from 'react';
import { Button, DialogBody, DialogFooter } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverCode } from '../../api/errors';
import { request } from '../../api/request';
import { createOrganisation, newOrganisationSchema, type NewOrganisation } from '../../contract/provider-organisations';
import { AutoForm, type AutoField } from '../../ui/auto-form';
import { zodIssueText } from '../../i18n/zod-issue-text';
import { requestErrorText } from '../../ui/input-errors';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { sreQueries } from './queries';
import { Form } from '../../ui/form';

interface Draft extends Record<string, unknown> {
  name: string;
  contractStartDate: string;
  yearlyQuota: number | undefined;
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  position: string;
}

const EMPTY: Draft = { name: '', contractStartDate: '', yearlyQuota: undefined, firstname: '', lastname: '', username: '', email: '', position: '' };

function toBody(form: Draft): NewOrganisation {
  return {
    name: form.name,
    ...(form.contractStartDate.trim() ? { contractStartDate: form.contractStartDate.trim() } : {}),
    yearlyQuota: form.yearlyQuota ?? null,
    administrator: { firstname: form.firstname, lastname: form.lastname, username: form.username, email: form.email, position: form.position.trim() || null },
  };
}

/** The schema's complaints, per field of the flat form (administrator.email → email), saying what is wrong. */
function problems(form: Draft): Partial<Record<keyof Draft, string>> {
  const parsed = newOrganisationSchema.safeParse(toBody(form));
  if (parsed.success) return {};
  const out: Partial<Record<keyof Draft, string>> = {};
  for (const issue of parsed.error.issues) out[String(issue.path[issue.path.length - 1]) as keyof Draft] ??= zodIssueText(issue);
  return out;
}

export function NewOrganisationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('sre');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Draft>(EMPTY);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const dirty = JSON.stringify(form) !== JSON.stringify(EMPTY);
  const guard = useUnsavedChanges({ when: dirty });
  const errors = tried ? problems(form) : {};
  const create = useMutation({
    mutationFn: () => request(createOrganisation, { body: toBody(form) }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: sreQueries.organisations().queryKey });
      toast.success({ summary: tr('sre:organisations.created', { name: created.organisation.name, email: created.invitation.email }) });
      onClose();
    },
    onError: (error) => {
      const code = serverCode(error);
      setRefusal(code === 'userExists' || code === 'usernameEmailClash' ? t(`organisations.errors.${code}`) : requestErrorText(error));
    },
  });

  const organisationFields: AutoField<Extract<keyof Draft, string>>[] = [
    { kind: 'text', name: 'name', label: t('organisations.fields.name'), required: true },
    { kind: 'text', name: 'contractStartDate', label: t('organisations.fields.contractStartDate'), placeholder: t('organisations.fields.datePlaceholder'), help: t('organisations.fields.contractStartDateHelp') },
    { kind: 'number', name: 'yearlyQuota', label: t('organisations.fields.yearlyQuota'), min: 0, help: t('organisations.fields.yearlyQuotaHelp') },
  ];
  const adminFields: AutoField<Extract<keyof Draft, string>>[] = [
    { kind: 'text', name: 'firstname', label: t('organisations.fields.firstname'), required: true },
    { kind: 'text', name: 'lastname', label: t('organisations.fields.lastname'), required: true },
    { kind: 'text', name: 'username', label: t('organisations.fields.username'), required: true },
    { kind: 'text', name: 'email', label: t('organisations.fields.email'), required: true },
    { kind: 'text', name: 'position', label: t('organisations.fields.position') },
  ];
  const submit = () => {
    setTried(true);
    setRefusal(null);
    if (Object.keys(problems(form)).length === 0) create.mutate();
  };

  return (
    <Dialog isOpen title={t('organisations.new')} icon="office" onClose={() => guard.requestLeave(onClose)} style={{ width: 560 }}>
      <Form
        onRefused={() => setTried(true)}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogBody>
          <AutoForm id="new-organisation" fields={organisationFields} value={form} onChange={setForm} errors={errors} />
          <h4 className="bp6-heading">{t('organisations.firstAdmin')}</h4>
          <p className="bp6-text-muted">{t('organisations.firstAdminHint')}</p>
          <AutoForm id="new-organisation" fields={adminFields} value={form} onChange={setForm} errors={errors} />
          {refusal && (
            <p className="bp6-intent-danger" role="alert" style={{ color: 'var(--p-danger, #c23030)' }}>
              {refusal}
            </p>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('organisations.cancel')} onClick={() => guard.requestLeave(onClose)} />
              <Button type="submit" intent="primary" text={t('organisations.create')} loading={create.isPending} />
            </>
          }
        />
      </Form>
      {guard.dialog}
    </Dialog>
  );
}

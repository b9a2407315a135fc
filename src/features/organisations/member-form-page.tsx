/**
 * invite-user and create-user (spec §3 Member, §5): firstname, lastname, username and email are
 * mandatory; position, guest (external, limited to the projects given) and a profile per project.
 * An invitation is mailed (outbox) and stays pending until answered; a created user gets a one-time
 * password, shown once, to change at first sign-in.
 */
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, Card, Checkbox, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { OneTimeSecretDialog } from '../../ui/dialogs/one-time-secret-dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage, serverCode } from '../../api/errors';
import { PROJECT_PROFILES, type ProjectProfile } from '../../contract/define';
import { createInvitation, createUser } from '../../contract/members';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { organisationQueries } from './queries';
import { Field, Form } from '../../ui/form';

const EMPTY = { firstname: '', lastname: '', username: '', email: '', position: '' };

export function InviteUserPage() {
  return <MemberFormPage mode="invite" />;
}

export function CreateUserPage() {
  return <MemberFormPage mode="create" />;
}

function MemberFormPage({ mode }: { mode: 'invite' | 'create' }) {
  const { t } = useTranslation(['organisations', 'routes']);
  const orgaId = useParams().orgaId ?? '';
  const queryClient = useQueryClient();
  const orga = useQuery(organisationQueries.detail(orgaId));
  const projects = useQuery(organisationQueries.projects(orgaId));
  const [fields, setFields] = useState(EMPTY);
  const [guest, setGuest] = useState(false);
  const [profiles, setProfiles] = useState<Record<string, ProjectProfile>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const dirty = JSON.stringify(fields) !== JSON.stringify(EMPTY);
  const isAdmin = orga.data?.isAdmin === true;

  const send = async (): Promise<boolean> => {
    setBusy(true);
    const body = {
      ...fields,
      position: fields.position.trim() || null,
      guest,
      profiles: Object.entries(profiles).map(([projectId, profile]) => ({ projectId, profile })),
    };
    try {
      if (mode === 'invite') {
        await request(createInvitation, { params: { orgaId }, body });
        toast.success({ summary: tr('errors:generic.invite.success') });
        setResult(t('form.invited', { email: fields.email }));
      } else {
        const created = await request(createUser, { params: { orgaId }, body });
        toast.success({ summary: tr('errors:generic.create.success') });
        setResult(t('form.created', { username: created.member.username }));
        setTemporaryPassword(created.temporaryPassword);
      }
      flushSync(() => setFields(EMPTY));
      setProfiles({});
      await queryClient.invalidateQueries({ queryKey: organisationQueries.all() });
      return true;
    } catch (error) {
      const code = serverCode(error);
      toast.error({
        summary: tr(mode === 'invite' ? 'errors:generic.invite.failure' : 'errors:generic.create.failure'),
        detail: code === 'userExists' || code === 'usernameEmailClash' ? t(`form.errors.${code}`) : errorMessage(error),
      });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  // "Save and leave" sends an invitation; a created user's one-time password must be read here, so
  // creating on the way out is not offered.
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: mode === 'invite' ? send : undefined });

  const field = (key: keyof typeof EMPTY, required: boolean, type = 'text') => (
    <Field label={t(`form.${key}`)} labelFor={`member-${key}`}>
      <InputGroup id={`member-${key}`} type={type} required={required} value={fields[key]} onValueChange={(v) => setFields({ ...fields, [key]: v })} />
    </Field>
  );

  return (
    <section className="p-page p-form-page">
      <h1 className="p-page__title">{t(mode === 'invite' ? 'routes:inviteUser' : 'routes:createUser')}</h1>
      {!isAdmin && orga.data && <Callout intent={Intent.WARNING}>{t('members.adminOnly')}</Callout>}
      {result && (
        <Callout intent={Intent.SUCCESS} className="p-section">
          {result}
        </Callout>
      )}
      <Card>
        <Form onSubmit={submit}>
          <fieldset disabled={!isAdmin} className="p-fieldset">
            {field('firstname', true)}
            {field('lastname', true)}
            {field('username', true)}
            {field('email', true, 'email')}
            {field('position', false)}
            <Checkbox label={t('form.guest')} checked={guest} onChange={(e) => setGuest(e.currentTarget.checked)} />
            <h2 className="p-card-heading">{t('members.profiles')}</h2>
            {(projects.data ?? []).map((project) => (
              <Field key={project.id} label={project.name} labelFor={`profile-${project.id}`} inline>
                <HTMLSelect
                  id={`profile-${project.id}`}
                  value={profiles[project.id] ?? 'noAccess'}
                  onChange={(e) => setProfiles({ ...profiles, [project.id]: e.currentTarget.value as ProjectProfile })}
                  options={[...PROJECT_PROFILES].reverse().map((p) => ({ value: p, label: t(`profiles.${p}`) }))}
                />
              </Field>
            ))}
            <Button type="submit" intent="primary" loading={busy} text={t(mode === 'invite' ? 'form.invite' : 'form.create')} />
          </fieldset>
        </Form>
      </Card>
      <OneTimeSecretDialog
        secret={temporaryPassword}
        title={t('form.temporaryPassword')}
        warning={t('form.temporaryPasswordWarning')}
        onClose={() => setTemporaryPassword(null)}
      />
      {guard}
    </section>
  );
}

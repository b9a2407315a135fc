/** /invitation/{token}: the link of the invitation mail; the invitee accepts (choosing a password) or declines. */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, Intent } from '@blueprintjs/core';
import { Pending } from '../../ui/pending';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage, serverCode } from '../../api/errors';
import { answerInvitation, getInvitation } from '../../contract/members';
import { paths } from '../../app/paths';
import { confirm } from '../../ui/dialogs/dialog-service';
import { tr } from '../../ui/message';
import { isAcceptable, PasswordFields, type NewPassword } from '../../ui/password-fields';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';

export function InvitationPage() {
  const { t } = useTranslation(['organisations', 'account']);
  const token = useParams().token ?? '';
  const invitation = useQuery({ queryKey: ['invitation', token], queryFn: ({ signal }) => request(getInvitation, { params: { token }, signal }) });
  const [password, setPassword] = useState<NewPassword>({ password: '', confirmation: '' });
  const [answer, setAnswer] = useState<'accepted' | 'declined' | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A password typed but not sent is lost on leaving; answering is a decision, so no "save and leave".
  const guard = useUnsavedChangesGuard({ when: answer === null && password.password !== '' });

  const send = async (accept: boolean) => {
    if (!accept && !(await confirm({ body: tr('organisations:invitation.declineConfirm'), confirmLabel: tr('organisations:invitation.decline'), danger: true }))) {
      return;
    }
    setError(null);
    try {
      const result = await request(answerInvitation, { params: { token }, body: accept ? { accept: true, password: password.password } : { accept: false } });
      setAnswer(result.status === 'pending' ? null : result.status);
    } catch (e) {
      setError(serverCode(e) === 'invalidPassword' ? t('account:reset.invalidPassword') : errorMessage(e));
    }
  };

  if (invitation.isPending) return <Pending queries={[invitation]} />;
  if (invitation.error)
    return (
      <>
        <h1 className="p-page__title">{t('routes:invitation' as never)}</h1>
        <Callout intent={Intent.DANGER}>{t('invitation.notFound')}</Callout>
      </>
    );
  const data = invitation.data;
  if (answer || data.status !== 'pending') {
    const status = answer ?? data.status;
    return (
      <Callout intent={status === 'accepted' ? Intent.SUCCESS : Intent.NONE}>
        {t(`invitation.${status === 'accepted' ? 'accepted' : 'declined'}`)}{' '}
        {status === 'accepted' && <Link to={paths.login()}>{t('invitation.signIn')}</Link>}
      </Callout>
    );
  }
  return (
    <div className="p-login">
      <h1>{t('invitation.title', { organisation: data.organisationName })}</h1>
      <p>{t('invitation.intro', { firstname: data.firstname, username: data.username })}</p>
      <p>{t('invitation.password')}</p>
      <PasswordFields value={password} onChange={setPassword} />
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      <div className="p-toolbar">
        <Button intent="primary" text={t('invitation.accept')} disabled={!isAcceptable(password)} onClick={() => void send(true)} />
        <Button text={t('invitation.decline')} onClick={() => void send(false)} />
      </div>
      {guard}
    </div>
  );
}

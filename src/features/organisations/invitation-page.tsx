/** /invitation/{token}: the link of the invitation mail; the invitee accepts (choosing a password) or declines. */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Callout, FormGroup, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { answerInvitation, getInvitation } from '../../contract/members';
import { paths } from '../../app/paths';

export function InvitationPage() {
  const { t } = useTranslation('organisations');
  const token = useParams().token ?? '';
  const invitation = useQuery({ queryKey: ['invitation', token], queryFn: ({ signal }) => request(getInvitation, { params: { token }, signal }) });
  const [password, setPassword] = useState('');
  const [answer, setAnswer] = useState<'accepted' | 'declined' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (accept: boolean) => {
    setError(null);
    try {
      const result = await request(answerInvitation, { params: { token }, body: accept ? { accept: true, password } : { accept: false } });
      setAnswer(result.status === 'pending' ? null : result.status);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  if (invitation.isPending) return <Spinner />;
  if (invitation.error) return <Callout intent={Intent.DANGER}>{t('invitation.notFound')}</Callout>;
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
      <FormGroup label={t('invitation.password')} labelFor="invitation-password" helperText={t('invitation.passwordHelp')}>
        <InputGroup id="invitation-password" type="password" autoComplete="new-password" value={password} onValueChange={setPassword} />
      </FormGroup>
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      <div className="p-toolbar">
        <Button intent="primary" text={t('invitation.accept')} disabled={password.length < 12} onClick={() => void send(true)} />
        <Button text={t('invitation.decline')} onClick={() => void send(false)} />
      </div>
    </div>
  );
}

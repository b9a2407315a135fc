/**
 * The organisation's invitations with their status (organisation admins): a pending one can be mailed
 * again (a new link replaces the first) or cancelled (its link stops working), after a confirmation.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { cancelInvitation, resendInvitation, type Invitation } from '../../contract/members';
import { confirm } from '../../ui/dialogs/dialog-service';
import { ListState } from '../../ui/list-state';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { organisationQueries } from './queries';
import { DataTable } from '../../ui/data-table';

export function InvitationsSection({ orgaId }: { orgaId: string }) {
  const { t } = useTranslation('organisations');
  const queryClient = useQueryClient();
  const invitations = useQuery(organisationQueries.invitations(orgaId));
  const refresh = () => queryClient.invalidateQueries({ queryKey: organisationQueries.invitations(orgaId).queryKey });
  const name = (invitation: Invitation) => `${invitation.firstname} ${invitation.lastname}`;

  const resend = async (invitation: Invitation) => {
    const body = tr('organisations:invitations.resendConfirm', { name: name(invitation), email: invitation.email });
    if (!(await confirm({ body, confirmLabel: tr('organisations:invitations.resend') }))) return;
    try {
      await request(resendInvitation, { params: { orgaId, invitationId: invitation.id } });
      toast.success({ summary: tr('organisations:invitations.resent', { email: invitation.email }) });
    } catch (error) {
      toast.error({ summary: tr('organisations:invitations.resendFailed'), detail: errorMessage(error) });
    }
    await refresh();
  };
  const cancel = async (invitation: Invitation) => {
    // The action is itself a cancellation: both buttons say what they do to the invitation.
    const body = tr('organisations:invitations.cancelConfirm', { name: name(invitation) });
    if (!(await confirm({ body, confirmLabel: tr('organisations:invitations.cancel'), cancelLabel: tr('organisations:invitations.keep'), danger: true }))) return;
    try {
      await request(cancelInvitation, { params: { orgaId, invitationId: invitation.id } });
      toast.success({ summary: tr('organisations:invitations.cancelled', { name: name(invitation) }) });
    } catch (error) {
      toast.error({ summary: tr('organisations:invitations.cancelFailed'), detail: errorMessage(error) });
    }
    await refresh();
  };

  return (
    <>
      <h2>{t('invitations.title')}</h2>
      <ListState query={invitations} isEmpty={(invitations.data ?? []).length === 0} emptyText={t('invitations.empty')} errorText={t('invitations.error')}>
        <DataTable className="p-table" compact>
          <tbody>
            {(invitations.data ?? []).map((invitation) => (
              <tr key={invitation.id} data-email={invitation.email}>
                <td>
                  {name(invitation)} ({invitation.email})
                </td>
                <td>
                  <Tag intent={invitation.status === 'accepted' ? Intent.SUCCESS : invitation.status === 'declined' ? Intent.DANGER : Intent.NONE}>
                    {t(`invitations.status.${invitation.status}`)}
                  </Tag>
                </td>
                <td>
                  {invitation.status === 'pending' && (
                    <ButtonGroup variant="minimal">
                      <Button icon="envelope" text={t('invitations.resend')} onClick={() => void resend(invitation)} />
                      <Button icon="cross" intent={Intent.DANGER} text={t('invitations.cancel')} onClick={() => void cancel(invitation)} />
                    </ButtonGroup>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
    </>
  );
}

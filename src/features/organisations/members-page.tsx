/**
 * Members (spec §2.4 Organisation page, §6): role, position, admin mode and the access profile per
 * project, edited per member by organisation admins (member-edit-dialog.tsx); removal confirmed;
 * the invitations below (invitations-section.tsx). Shown on the organisation settings route beside the organisation form.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ButtonGroup, Intent, Tag, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { removeMember, type Member } from '../../contract/members';
import { confirm } from '../../ui/dialogs/dialog-service';
import { DataTable } from '../../ui/data-table';
import { ListState } from '../../ui/list-state';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { InvitationsSection } from './invitations-section';
import { MemberEditDialog } from './member-edit-dialog';
import { organisationQueries } from './queries';

export function MembersSection() {
  const { t } = useTranslation('organisations');
  const orgaId = useParams().orgaId ?? '';
  const queryClient = useQueryClient();
  const orga = useQuery(organisationQueries.detail(orgaId));
  const members = useQuery(organisationQueries.members(orgaId));
  const projects = useQuery(organisationQueries.projects(orgaId));
  const isAdmin = orga.data?.isAdmin === true;
  const projectName = (id: string) => projects.data?.find((p) => p.id === id)?.name ?? id;

  const [editing, setEditing] = useState<Member | null>(null);
  const refreshMembers = () => queryClient.invalidateQueries({ queryKey: organisationQueries.members(orgaId).queryKey });
  const remove = async (member: Member) => {
    if (!(await confirm({ body: tr('organisations:members.removeConfirm', { name: `${member.firstname} ${member.lastname}` }), danger: true }))) return;
    try {
      await request(removeMember, { params: { orgaId, userId: member.userId } });
      toast.success({ summary: tr('errors:generic.delete.success') });
      await refreshMembers();
    } catch (error) {
      toast.error({ summary: tr('errors:generic.delete.failure'), detail: errorMessage(error) });
    }
  };
  const locked = (element: React.ReactElement) => (isAdmin ? element : <Tooltip content={t('members.adminOnly')}>{element}</Tooltip>);
  // The server refuses to demote or remove the organisation's last admin (`lastAdmin`); the screen
  // says so before anyone tries.
  const admins = (members.data ?? []).filter((member) => member.adminMode === 'admin');
  const isLastAdmin = (member: Member) => admins.length === 1 && admins[0]!.userId === member.userId;

  return (
    <section className="p-section">
      <h2>{t('members.title')}</h2>
      <ListState
        query={members}
        isEmpty={(members.data ?? []).length === 0}
        emptyText={t('members.empty')}
        errorText={t('members.error')}
      >
        <DataTable className="p-table" striped compact label={t('members.title')}>
          <thead>
            <tr>
              <th>{t('members.name')}</th>
              <th>{t('members.role')}</th>
              <th>{t('members.position')}</th>
              <th>{t('members.adminMode')}</th>
              <th>{t('members.profiles')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(members.data ?? []).map((member) => (
              <tr key={member.userId} data-username={member.username}>
                <td>
                  {member.firstname} {member.lastname} <span className="bp6-text-muted">({member.username})</span>{' '}
                  {member.guest && <Tag minimal>{t('members.guest')}</Tag>}
                </td>
                <td>{t(`roles.${member.role}` as never)}</td>
                <td>{member.position}</td>
                <td>{member.adminMode === 'admin' ? <Tag intent={Intent.PRIMARY}>{t('members.admin')}</Tag> : null}</td>
                <td>
                  {member.adminMode === 'admin'
                    ? t('members.adminIsConfigurator')
                    : member.profiles
                        .filter((grant) => grant.profile !== 'noAccess')
                        .map((grant) => t('members.grant', { project: projectName(grant.projectId), profile: t(`profiles.${grant.profile}`) }))
                        .join(', ') || t('profiles.noAccess')}
                </td>
                <td>
                  <ButtonGroup variant="minimal" className="p-row-actions">
                    {locked(<Button icon="edit" text={t('members.edit')} disabled={!isAdmin} onClick={() => setEditing(member)} />)}
                    {isAdmin && isLastAdmin(member) ? (
                      <Tooltip content={t('members.lastAdmin')}>
                        <Button icon="trash" intent={Intent.DANGER} aria-label={t('members.remove')} aria-description={t('members.lastAdmin')} disabled />
                      </Tooltip>
                    ) : (
                      locked(
                        <Button icon="trash" intent={Intent.DANGER} aria-label={t('members.remove')} disabled={!isAdmin} onClick={() => void remove(member)} />,
                      )
                    )}
                  </ButtonGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      {isAdmin && <InvitationsSection orgaId={orgaId} />}
      {editing && (
        <MemberEditDialog
          key={editing.userId}
          orgaId={orgaId}
          member={editing}
          isLastAdmin={isLastAdmin(editing)}
          projectName={projectName}
          onSaved={refreshMembers}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

/**
 * Editing one member (spec §2.4 Organisation page, §6): position, admin mode and the access profile
 * per project, saved together. Closing the dialog or navigating away with changes asks first.
 */
import { useState } from 'react';
import { Button, DialogBody, DialogFooter, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { PROJECT_PROFILES } from '../../contract/define';
import { updateMember, type Member } from '../../contract/members';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChanges } from '../../ui/unsaved-changes';
import { Field, Form } from '../../ui/form';

type Draft = Pick<Member, 'adminMode' | 'profiles'> & { position: string };

const draftOf = (member: Member): Draft => ({ position: member.position ?? '', adminMode: member.adminMode, profiles: member.profiles });

export function MemberEditDialog({
  orgaId,
  member,
  isLastAdmin = false,
  projectName,
  onSaved,
  onClose,
}: {
  orgaId: string;
  member: Member;
  /** The organisation's only admin: the admin switch stays on, with the reason (server: `lastAdmin`). */
  isLastAdmin?: boolean;
  projectName: (projectId: string) => string;
  onSaved: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['organisations', 'common']);
  const [draft, setDraft] = useState<Draft>(() => draftOf(member));
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(member));

  const save = async (): Promise<boolean> => {
    try {
      await request(updateMember, {
        params: { orgaId, userId: member.userId },
        body: { position: draft.position.trim() || null, adminMode: draft.adminMode, profiles: draft.profiles },
      });
      toast.success({ summary: tr('errors:generic.update.success') });
      await onSaved();
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.update.failure'), detail: errorMessage(error) });
      return false;
    }
  };
  const unsaved = useUnsavedChanges({ when: dirty, onSave: save });
  const isAdmin = draft.adminMode === 'admin';

  return (
    <>
      <Dialog isOpen onClose={() => unsaved.requestLeave(onClose)} title={t('members.editTitle', { name: `${member.firstname} ${member.lastname}` })}>
        <Form
          onSubmit={(e) => {
            e.preventDefault();
            void save().then((saved) => saved && onClose());
          }}
        >
          <DialogBody>
            <Field label={t('members.position')} labelFor="member-position">
              <InputGroup id="member-position" value={draft.position} maxLength={100} onValueChange={(position) => setDraft({ ...draft, position })} />
            </Field>
            <Field helperText={isLastAdmin ? t('members.lastAdmin') : undefined}>
              <Switch
                label={t('members.adminMode')}
                checked={isAdmin}
                disabled={isLastAdmin}
                onChange={(e) => setDraft({ ...draft, adminMode: e.currentTarget.checked ? 'admin' : 'notAdmin' })}
              />
            </Field>
            <Field label={t('members.profiles')} helperText={isAdmin ? t('members.adminIsConfigurator') : undefined}>
              {draft.profiles.map((grant) => (
                <div key={grant.projectId} className="p-grant">
                  <label htmlFor={`grant-${grant.projectId}`}>{projectName(grant.projectId)}</label>{' '}
                  <HTMLSelect
                    id={`grant-${grant.projectId}`}
                    value={isAdmin ? 'configurator' : grant.profile}
                    disabled={isAdmin}
                    onChange={(e) =>
                      setDraft({
                        ...draft,
                        profiles: draft.profiles.map((g) =>
                          g.projectId === grant.projectId ? { ...g, profile: e.currentTarget.value as Member['profiles'][number]['profile'] } : g,
                        ),
                      })
                    }
                    options={[...PROJECT_PROFILES].reverse().map((p) => ({ value: p, label: t(`profiles.${p}`) }))}
                  />
                </div>
              ))}
            </Field>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text={t('common:actions.cancel')} onClick={() => unsaved.requestLeave(onClose)} />
                <Button type="submit" intent="primary" text={t('common:actions.save')} disabled={!dirty} />
              </>
            }
          />
        </Form>
      </Dialog>
      {unsaved.dialog}
    </>
  );
}

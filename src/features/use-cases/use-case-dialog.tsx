/**
 * "Use" a use case: a new environment made from it in a project where the user is configurator —
 * `environments.create` with the template or kit source, the create-environment flow's own call.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Callout, DialogBody, DialogFooter, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { Dialog } from '../../ui/dialog';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { request } from '../../api/request';
import { createEnvironment } from '../../contract/environments';
import { listProjects } from '../../contract/organisations';
import type { UseCase } from '../../contract/use-cases';
import { paths } from '../../app/paths';
import { Field } from '../../ui/form';

export const useCaseQueries = {
  projects: (orgaId: string) =>
    queryOptions({
      queryKey: ['useCases', 'projects', orgaId] as const,
      queryFn: ({ signal }) => request(listProjects, { params: { orgaId }, signal }),
    }),
};

export function UseCaseDialog({ orgaId, useCase, title, onClose }: { orgaId: string; useCase: UseCase; title: string; onClose: () => void }) {
  const { t } = useTranslation('toolbox');
  const navigate = useNavigate();
  const projects = useQuery(useCaseQueries.projects(orgaId));
  const choices = (projects.data ?? []).filter((project) => project.profile === 'configurator');
  const [projectId, setProjectId] = useState('');
  const [name, setName] = useState(title);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = projectId || choices[0]?.id || '';

  const create = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const source = useCase.kind === 'template' ? { kind: 'template' as const, template: useCase.id } : { kind: 'kit' as const, kitId: useCase.id };
      const environment = await request(createEnvironment, { params: { projectId: chosen }, body: { name: name.trim(), visibility: 'public', source } });
      onClose();
      void navigate(paths.configuration(chosen, environment.id));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog isOpen onClose={onClose} title={t('useCases.useTitle', { name: title })}>
      <DialogBody>
        <Field label={t('useCases.project')} labelFor="use-case-project" helperText={projects.isSuccess && choices.length === 0 ? t('useCases.noProject') : undefined}>
          <HTMLSelect id="use-case-project" value={chosen} disabled={projects.isPending} onChange={(event) => setProjectId(event.currentTarget.value)} options={choices.map((project) => ({ value: project.id, label: project.name }))} />
        </Field>
        <Field label={t('useCases.environmentName')} labelFor="use-case-name">
          <InputGroup id="use-case-name" value={name} onValueChange={setName} />
        </Field>
        {failure && <Callout intent={Intent.DANGER}>{failure}</Callout>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('actions.cancel')} onClick={onClose} />
            <Button intent={Intent.PRIMARY} text={t('useCases.create')} loading={busy} disabled={chosen === '' || name.trim() === ''} onClick={() => void create()} />
          </>
        }
      />
    </Dialog>
  );
}

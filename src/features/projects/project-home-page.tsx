/**
 * Project home (spec §2.4): the environments the user may see (hidden ones are filtered by the server),
 * rename (§5 limit), notes, and delete (refused with the §5 reason while priority environments exist).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputGroup, Intent, Tag, TextArea, Tooltip } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage, serverCode } from '../../api/errors';
import { mayCall } from '../../contract/define';
import { createEnvironment, updateEnvironmentSettings } from '../../contract/environments';
import { deleteProject, PROJECT_NAME_MAX_LENGTH, updateProject } from '../../contract/organisations';
import { formatDateTime } from '../../i18n/dates';
import { usePreferences } from '../../storage/preferences';
import { confirm, openErrorDialog } from '../../ui/dialogs/dialog-service';
import { ListState } from '../../ui/list-state';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { paths } from '../../app/paths';
import { projectQueries } from './queries';
import { Field } from '../../ui/form';
import { DataTable } from '../../ui/data-table';

export function ProjectHomePage() {
  const { t } = useTranslation(['projects', 'common', 'environments']);
  const projectId = useParams().projectId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { language } = usePreferences();
  const project = useQuery(projectQueries.detail(projectId));
  const environments = useQuery(projectQueries.environments(projectId));
  const [name, setName] = useState('');
  const [notes, setNotes] = useState('');

  useEffect(() => {
    if (project.data) {
      setName(project.data.name);
      setNotes(project.data.notes ?? '');
    }
  }, [project.data]);

  // What the endpoints' own access rules let the caller do (provider SRE: environment settings only).
  const canEdit = mayCall(updateProject, project.data);
  const canDelete = mayCall(deleteProject, project.data);
  const canCreateEnv = mayCall(createEnvironment, project.data);
  const canConfigure = mayCall(updateEnvironmentSettings, project.data);
  const dirty = project.data !== undefined && (name !== project.data.name || notes !== (project.data.notes ?? ''));
  const tooLong = name.trim().length > PROJECT_NAME_MAX_LENGTH;

  const save = async (): Promise<boolean> => {
    if (tooLong || !name.trim()) return false;
    try {
      const updated = await request(updateProject, { params: { projectId }, body: { name, notes: notes || null } });
      queryClient.setQueryData(projectQueries.detail(projectId).queryKey, updated);
      await queryClient.invalidateQueries({ queryKey: projectQueries.all() });
      toast.success({ summary: tr('errors:generic.save.success') });
      return true;
    } catch (error) {
      toast.error({ summary: tr('errors:generic.save.failure'), detail: errorMessage(error) });
      return false;
    }
  };
  const guard = useUnsavedChangesGuard({ when: canEdit && dirty, onSave: save });

  const remove = async () => {
    if (!project.data) return;
    // Say why before asking; the server refuses anyway, for environments this user cannot see.
    if ((environments.data ?? []).some((env) => env.priority)) {
      openErrorDialog({ summary: tr('projects:home.deleteImpossible'), detail: tr('projects:home.priorityRefused') });
      return;
    }
    if (!(await confirm({ body: tr('projects:home.deleteConfirm', { name: project.data.name }), danger: true }))) return;
    try {
      await request(deleteProject, { params: { projectId } });
      toast.success({ summary: tr('errors:generic.delete.success') });
      await queryClient.invalidateQueries({ queryKey: projectQueries.all() });
      void navigate(paths.orga(project.data.organisationId));
    } catch (error) {
      const priority = serverCode(error) === 'priorityEnvironments';
      toast.error({
        summary: tr('errors:generic.delete.failure'),
        detail: priority ? tr('projects:home.priorityRefused') : errorMessage(error),
      });
    }
  };

  const restricted = (element: React.ReactElement, allowed = canEdit) =>
    allowed ? element : <Tooltip content={t('home.notConfigurator')}>{element}</Tooltip>;

  return (
    <section className="p-page">
      <div className="p-page__header">
        <h1 className="p-page__title">{project.data?.name ?? ''}</h1>
        {restricted(<Button icon="trash" intent={Intent.DANGER} text={t('home.delete')} disabled={!canDelete} onClick={remove} />, canDelete)}
      </div>
      {project.data && (
        <Card className="p-section">
          <Field
            label={t('form.name')}
            labelFor="project-name"
            intent={tooLong ? Intent.DANGER : Intent.NONE}
            helperText={tooLong ? t('form.tooLong') : undefined}
          >
            <InputGroup id="project-name" value={name} onValueChange={setName} readOnly={!canEdit} />
          </Field>
          <Field label={t('form.notes')} labelFor="project-notes">
            <TextArea id="project-notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} readOnly={!canEdit} fill />
          </Field>
          {canEdit && <Button intent="primary" text={t('common:actions.save')} disabled={!dirty || tooLong} onClick={() => void save()} />}
        </Card>
      )}
      <div className="p-page__header">
        <h2>{t('home.environments')}</h2>
        {restricted(
          canCreateEnv ? (
            <Link className="bp6-button bp6-intent-primary" to={paths.createEnv(projectId)}>
              {t('home.newEnv')}
            </Link>
          ) : (
            <Button icon="add" text={t('home.newEnv')} disabled />
          ),
          canCreateEnv,
        )}
      </div>
      <ListState
        query={environments}
        isEmpty={(environments.data ?? []).length === 0}
        emptyText={t('home.envEmpty')}
        errorText={t('home.envError')}
      >
        <DataTable className="p-table" striped>
          <thead>
            <tr>
              <th>{t('form.name')}</th>
              <th>{t('home.visibility')}</th>
              <th>{t('home.priority')}</th>
              <th>{t('home.modules')}</th>
              <th>{t('home.lastAnalysis')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(environments.data ?? []).map((env) => (
              <tr key={env.id} data-env-name={env.name} className={env.deleting ? 'p-row--deleting' : undefined}>
                <td>{env.deleting ? <span>{env.name} — {t('home.deleting')}</span> : <Link to={paths.analyses(projectId, env.id)}>{env.name}</Link>}</td>
                <td>
                  <Tag minimal intent={env.visibility === 'private' ? Intent.WARNING : Intent.NONE}>{t(`home.${env.visibility}`)}</Tag>
                </td>
                <td>{env.priority ? <Tag intent={Intent.PRIMARY}>{t('home.priority')}</Tag> : null}</td>
                <td>{env.modules.map((type) => t(`environments:modules.types.${type}`)).join(' → ')}</td>
                <td>{env.lastAnalysisAt ? formatDateTime(env.lastAnalysisAt, language) : t('home.never')}</td>
                <td>
                  {canConfigure && !env.deleting && (
                    <Link to={`${paths.envManagement(projectId, 'settings')}?envId=${encodeURIComponent(env.id)}`}>{t('home.settings')}</Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </ListState>
      {guard}
    </section>
  );
}

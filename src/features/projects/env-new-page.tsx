/**
 * CreateEnv (spec §2.4): from scratch, from an export file, or from a use-case template; the name
 * must be unique in the project (§5 message, checked by the server).
 */
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, HTMLSelect, InputGroup, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { FileInput } from '../../ui/file-input';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage, serverCode } from '../../api/errors';
import { mayCall } from '../../contract/define';
import { createEnvironment, ENVIRONMENT_TEMPLATES, type EnvironmentTemplateId } from '../../contract/environments';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { paths } from '../../app/paths';
import { templateTextKey } from '../../i18n/use-case-template-texts';
import { projectQueries } from './queries';
import { Field, Form } from '../../ui/form';

type Kind = 'scratch' | 'template' | 'import';

export function EnvNewPage() {
  const { t } = useTranslation(['projects', 'routes', 'toolbox']);
  const projectId = useParams().projectId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('template');
  const [template, setTemplate] = useState<EnvironmentTemplateId>(ENVIRONMENT_TEMPLATES[0]);
  const [file, setFile] = useState<{ name: string; content: unknown } | null>(null);
  const [fileError, setFileError] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const project = useQuery(projectQueries.detail(projectId));
  // Only configurators create environments (§6); others see why before filling anything in.
  const refused = project.data !== undefined && !mayCall(createEnvironment, project.data);

  const readFile = async (picked: File | undefined) => {
    setFileError(false);
    setFile(null);
    if (!picked) return;
    try {
      setFile({ name: picked.name, content: JSON.parse(await picked.text()) as unknown });
    } catch {
      setFileError(true);
    }
  };

  /** The created environment's id, or null when it was not created. */
  const create = async (): Promise<string | null> => {
    setNameError(null);
    const source =
      kind === 'scratch' ? { kind } : kind === 'template' ? { kind, template } : { kind, file: file?.content ?? null };
    setBusy(true);
    try {
      const created = await request(createEnvironment, { params: { projectId }, body: { name, visibility: 'public', source } });
      await queryClient.invalidateQueries({ queryKey: projectQueries.all() });
      toast.success({ summary: tr('errors:generic.create.success') });
      // Before navigating: the guard must see the form as saved, or it would hold the navigation.
      flushSync(() => setDone(true));
      return created.id;
    } catch (error) {
      if (serverCode(error) === 'environmentNameTaken') setNameError(t('envNew.nameTaken', { name: name.trim() }));
      toast.error({ summary: tr('errors:messages.environmentCreation'), detail: errorMessage(error) });
      return null;
    } finally {
      setBusy(false);
    }
  };
  const guard = useUnsavedChangesGuard({ when: !done && (name !== '' || file !== null), onSave: async () => (await create()) !== null });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Opens what was made, rather than the list it joined.
    const envId = await create();
    if (envId !== null) void navigate(paths.environment(projectId, envId));
  };

  return (
    <section className="p-page p-form-page">
      <h1 className="p-page__title">{t('routes:createEnv')}</h1>
      {refused && <Callout intent={Intent.WARNING}>{t('home.notConfigurator')}</Callout>}
      <Form onSubmit={submit}>
        <fieldset disabled={refused} className="p-fieldset">
          <Field label={t('envNew.name')} labelFor="env-name" intent={nameError ? Intent.DANGER : Intent.NONE} helperText={nameError}>
            <InputGroup id="env-name" value={name} onValueChange={setName} required />
          </Field>
          <RadioGroup label={t('envNew.source')} selectedValue={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
            <Radio value="scratch" label={t('envNew.scratch')} />
            <Radio value="template" label={t('envNew.template')} />
            <Radio value="import" label={t('envNew.import')} />
          </RadioGroup>
          {kind === 'template' && (
            <Field label={t('envNew.template')} labelFor="env-template" helperText={t(templateTextKey(template, 'description') as never)}>
              <HTMLSelect
                id="env-template"
                value={template}
                onChange={(e) => setTemplate(e.currentTarget.value as EnvironmentTemplateId)}
                options={ENVIRONMENT_TEMPLATES.map((id) => ({ value: id, label: t(templateTextKey(id, 'title') as never) }))}
              />
            </Field>
          )}
          {kind === 'import' && (
            <Field label={t('envNew.file')} labelFor="env-file">
              <FileInput
                text={file?.name}
                inputProps={{ id: 'env-file', accept: '.json,application/json' }}
                onInputChange={(e) => void readFile((e.target as HTMLInputElement).files?.[0])}
              />
              {fileError && <Callout intent={Intent.DANGER}>{t('envNew.fileInvalid')}</Callout>}
            </Field>
          )}
          <Button
            type="submit"
            intent="primary"
            text={t('envNew.create')}
            loading={busy}
            disabled={refused || !name.trim() || (kind === 'import' && file === null)}
          />
        </fieldset>
      </Form>
      {guard}
    </section>
  );
}

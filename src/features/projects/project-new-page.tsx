/** project-new: name (at most 50 characters, §5 message), type and notes. */
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request';
import { errorMessage } from '../../api/errors';
import { createProject, PROJECT_NAME_MAX_LENGTH } from '../../contract/organisations';
import { toast } from '../../ui/toasts/toast-service';
import { tr } from '../../ui/message';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { paths } from '../../app/paths';
import { projectQueries } from './queries';
import { Field, Form } from '../../ui/form';

export function ProjectNewPage() {
  const { t } = useTranslation(['projects', 'routes']);
  const orgaId = useParams().orgaId ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [type, setType] = useState<'IC' | 'NLU'>('NLU');
  const [notes, setNotes] = useState('');
  const organisation = useQuery(projectQueries.organisation(orgaId));
  // Only organisation admins create projects (§6); others see why before typing anything.
  const refused = organisation.data !== undefined && !organisation.data.isAdmin;
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const tooLong = name.trim().length > PROJECT_NAME_MAX_LENGTH;
  const dirty = !saved && (name !== '' || notes !== '');

  const save = async (): Promise<boolean> => {
    if (tooLong || !name.trim()) return false;
    setBusy(true);
    try {
      const project = await request(createProject, { params: { orgaId }, body: { name, type, notes: notes || null } });
      await queryClient.invalidateQueries({ queryKey: projectQueries.all() });
      toast.success({ summary: tr('errors:generic.create.success') });
      // Before navigating: the guard must see the form as saved, or it would hold the navigation.
      flushSync(() => setSaved(true));
      return project.id !== '';
    } catch (error) {
      toast.error({ summary: tr('errors:generic.create.failure'), detail: errorMessage(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save()) void navigate(paths.orga(orgaId));
  };

  return (
    <section className="p-page p-form-page">
      <h1 className="p-page__title">{t('routes:projectNew')}</h1>
      {refused && <Callout intent={Intent.WARNING}>{t('list.notAdmin')}</Callout>}
      <Form onSubmit={submit}>
        <fieldset disabled={refused} className="p-fieldset">
          <Field
            label={t('form.name')}
            labelFor="project-name"
            intent={tooLong ? Intent.DANGER : Intent.NONE}
            helperText={tooLong ? t('form.tooLong') : `${name.trim().length}/${PROJECT_NAME_MAX_LENGTH}`}
          >
            <InputGroup id="project-name" value={name} onValueChange={setName} required intent={tooLong ? Intent.DANGER : Intent.NONE} />
          </Field>
          <Field label={t('form.type')} labelFor="project-type">
            <HTMLSelect id="project-type" value={type} onChange={(e) => setType(e.currentTarget.value as 'IC' | 'NLU')} options={['NLU', 'IC']} />
          </Field>
          <Field label={t('form.notes')} labelFor="project-notes">
            <TextArea id="project-notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} fill />
          </Field>
          <Button type="submit" intent="primary" text={t('form.create')} loading={busy} disabled={refused || tooLong || !name.trim()} />
        </fieldset>
      </Form>
      {guard}
    </section>
  );
}

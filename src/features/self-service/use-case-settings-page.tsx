/**
 * /self/{envId}/settings (spec §2.4 "settings limited to what a light user understands"):
 * the use case's name, languages and retention as AutoForm field descriptors saved with
 * `selfService.update`, the mailbox (the webmail panel), and deleting the use case after a
 * confirmation. Leaving with unsaved changes asks first.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, H2, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/errors';
import { request } from '../../api/request';
import { paths } from '../../app/paths';
import { useSelfUseCase } from '../../app/self-use-case';
import { NLU_LANGUAGES, RETENTION_OPTIONS } from '../../contract/environments';
import {
  deleteSelfServiceUseCase,
  selfServiceSettingsSchema,
  updateSelfServiceUseCase,
  type SelfServiceSettings,
  type SelfServiceUseCase,
} from '../../contract/self-service';
import { languageName } from '../../i18n/language-names';
import { usePreferences } from '../../storage/preferences';
import { AutoForm, type AutoField } from '../../ui/auto-form';
import { confirm } from '../../ui/dialogs/dialog-service';
import { tr } from '../../ui/message';
import { toast } from '../../ui/toasts/toast-service';
import { useUnsavedChangesGuard } from '../../ui/unsaved-changes';
import { SelfWebmailPanel } from './self-webmail-panel';
import { selfServiceQueries } from './queries';
import { Form } from '../../ui/form';

type Draft = SelfServiceSettings;

const formOf = (useCase: SelfServiceUseCase): Draft => ({ name: useCase.name, languages: useCase.languages, retention: useCase.retention });

function SettingsForm({ useCase }: { useCase: SelfServiceUseCase }) {
  const { t } = useTranslation(['selfService', 'environments']);
  const { language } = usePreferences();
  const queryClient = useQueryClient();
  const saved = formOf(useCase);
  const [form, setForm] = useState<Draft>(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);

  const save = async (): Promise<boolean> => {
    const parsed = selfServiceSettingsSchema.safeParse(form);
    if (!parsed.success) {
      // The contract decides what is valid; the words are ours (never zod's English).
      const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      // Too many languages is not the same mistake as none at all (the contract takes 1 to 10).
      const tooMany = parsed.error.issues.find((issue) => issue.path[0] === 'languages' && issue.code === 'too_big');
      const languages = tooMany?.code === 'too_big' ? t('settings.tooManyLanguages', { max: Number(tooMany.maximum) }) : t('settings.invalidLanguages');
      setErrors({
        ...(fields.has('name') ? { name: t('settings.invalidName') } : {}),
        ...(fields.has('languages') ? { languages } : {}),
      });
      return false;
    }
    setErrors({});
    setBusy(true);
    try {
      await request(updateSelfServiceUseCase, { params: { envId: useCase.id }, body: parsed.data });
      // The frame reads name, languages and retention from the overview: read it again.
      await queryClient.invalidateQueries({ queryKey: selfServiceQueries.overview().queryKey });
      toast.success({ summary: tr('selfService:settings.saved') });
      return true;
    } catch (error) {
      toast.error({ summary: tr('selfService:settings.saveFailed'), detail: errorMessage(error) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  const guard = useUnsavedChangesGuard({ when: dirty, onSave: save });

  const fields: AutoField<keyof Draft>[] = [
    { name: 'name', kind: 'text', label: t('settings.name'), required: true },
    {
      name: 'languages',
      kind: 'checklist',
      label: t('settings.languages'),
      help: t('settings.languagesHelp'),
      options: [
        { value: 'auto', label: t('environments:settings.autoDetect') },
        ...NLU_LANGUAGES.map((code) => ({ value: code, label: languageName(code, language) })),
      ],
    },
    {
      name: 'retention',
      kind: 'select',
      label: t('settings.retention'),
      help: t('settings.retentionHelp'),
      options: RETENTION_OPTIONS.map((value) => ({ value, label: t(`environments:settings.retentions.${value}`) })),
    },
  ];

  return (
    <Form
      aria-label={t('settings.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <AutoForm id="self-settings" fields={fields} value={form} onChange={setForm} errors={errors} />
      <Button type="submit" intent={Intent.PRIMARY} icon="floppy-disk" text={t('settings.save')} loading={busy} disabled={!dirty} />{' '}
      <Button text={t('settings.reset')} disabled={!dirty || busy} onClick={() => setForm(saved)} />
      {guard}
    </Form>
  );
}

function DeleteUseCase({ useCase }: { useCase: SelfServiceUseCase }) {
  const { t } = useTranslation('selfService');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const ok = await confirm({
      title: tr('selfService:settings.deleteTitle'),
      body: tr('selfService:settings.deleteBody', { name: useCase.name }),
      confirmLabel: tr('selfService:settings.delete'),
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await request(deleteSelfServiceUseCase, { params: { envId: useCase.id } });
      toast.success({ summary: tr('selfService:settings.deleted', { name: useCase.name }) });
      await queryClient.invalidateQueries({ queryKey: selfServiceQueries.overview().queryKey });
      void navigate(paths.selfService());
    } catch (error) {
      toast.error({ summary: tr('selfService:settings.deleteFailed'), detail: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className="p-danger-zone" style={{ marginTop: '1.5rem' }}>
      <H2 className="p-card-heading">{t('settings.deleteHeading')}</H2>
      <p>{t('settings.deleteHint')}</p>
      <Button intent={Intent.DANGER} icon="trash" text={t('settings.delete')} loading={busy} onClick={() => void remove()} />
    </Card>
  );
}

export function UseCaseSettingsPage() {
  const { t } = useTranslation('selfService');
  const { useCase } = useSelfUseCase();
  return (
    <section>
      <h2>{t('settings.title')}</h2>
      {/* Keyed by what was saved: a save (or another tab's) shows the new values as the reference. */}
      <SettingsForm key={JSON.stringify(formOf(useCase))} useCase={useCase} />
      {/* The mailbox (the webmail work's panel, in its own card). */}
      <div style={{ marginTop: '1.5rem' }}>
        <SelfWebmailPanel environmentId={useCase.id} />
      </div>
      <DeleteUseCase useCase={useCase} />
    </section>
  );
}
